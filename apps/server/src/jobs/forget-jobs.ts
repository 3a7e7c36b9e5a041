import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import type { QueueName } from './jobs';

/**
 * Queues whose every job concerns one person: a job of theirs (queued, waiting for a retry, or
 * done and kept for a while) goes with their account.
 */
const PERSONAL_QUEUES: QueueName[] = [
  'auth-mail',
  'two-factor-removal',
  'notification-email',
  'notification-push',
  'match-reminder',
];

/** `value` matched literally inside a LIKE pattern (addresses often hold `_`). */
const literally = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * In the account deletion's transaction: removes every job that names the account (its id or its
 * address) from pg-boss's table, whatever its state, and takes the account's part out of the jobs
 * it shares with others (an import's notifications), so that no id or address is left behind in
 * the queue. A job a worker holds at this moment may still run; its completion then finds no row.
 */
export async function forgetJobsOf(tx: Executor, person: { id: string; email: string }) {
  const queues = sql.join(
    PERSONAL_QUEUES.map((q) => sql`${q}`),
    sql`, `,
  );
  await tx.execute(sql`
    DELETE FROM pgboss.job
    WHERE name IN (${queues})
      AND (data::text LIKE ${literally(person.id)}
        OR lower(data::text) LIKE ${literally(person.email.toLowerCase())})`);
  await tx.execute(sql`
    UPDATE pgboss.job SET data = jsonb_set(data, '{recompared}', (
      SELECT coalesce(jsonb_agg(entry), '[]'::jsonb)
      FROM jsonb_array_elements(data->'recompared') AS entry
      WHERE entry->>'userId' IS DISTINCT FROM ${person.id}))
    WHERE name = 'import-notifications'
      AND jsonb_typeof(data->'recompared') = 'array'
      AND data::text LIKE ${literally(person.id)}`);
}
