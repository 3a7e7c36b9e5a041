import type { NotificationItem, OfficialDataDocument } from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { api } from './protocol-api';
import { syntheticKlassisk } from './official-data';
import type { TestApp } from './test-app';

/** Official matches hemma–borta with line-ups, starting the given minutes from `now`. */
export function matchesAt(
  minutesFromNow: Record<string, number | null>,
  now = Date.now(),
): OfficialDataDocument {
  const synthetic = syntheticKlassisk();
  const { lineups } = synthetic.matches[0]!;
  return {
    format: 'speedway-official/1',
    teams: synthetic.teams,
    matches: Object.entries(minutesFromNow).map(([externalId, minutes], i) => ({
      external_id: externalId,
      competition: 'Elitserien',
      season: 2026,
      round: 10 + i,
      start: minutes === null ? null : new Date(now + minutes * 60_000).toISOString(),
      home: 'hemma',
      away: 'borta',
      venue: 'Hemmabanan',
      lineups,
    })),
  };
}

export async function inbox(t: TestApp, token: string, query = ''): Promise<NotificationItem[]> {
  const res = await api(t, token)('GET', `/api/notifications/inbox${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as NotificationItem[];
}

/**
 * Polls the inbox until it holds `count` items (jobs run on a half-second poll). Up to 30 s: a
 * loaded CI runner once took more than 8 s for the first job of a file.
 */
export async function waitForInbox(
  t: TestApp,
  token: string,
  count: number,
  ms = 30_000,
): Promise<NotificationItem[]> {
  const until = Date.now() + ms;
  for (;;) {
    const items = await inbox(t, token, '?limit=100');
    if (items.length >= count) return items;
    if (Date.now() > until) throw new Error(`${items.length} of ${count} notifications arrived`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

/** Jobs of a queue in pg-boss, newest first. */
export async function jobsOf(t: TestApp, queue: string) {
  const result = await t.db.execute<{
    id: string;
    state: string;
    data: Record<string, unknown>;
    start_after: Date;
    retry_count: number;
  }>(sql`SELECT id, state, data, start_after, retry_count FROM pgboss.job
    WHERE name = ${queue} ORDER BY created_on DESC`);
  return result.rows.map((r) => ({ ...r, start_after: new Date(r.start_after) }));
}

/** The queues that carry what a user is told: an import's notices, then their mail and pushes. */
const TELLING_QUEUES = ['import-notifications', 'notification-email', 'notification-push'];

/**
 * Waits until nothing is left to tell: no job of those queues waiting, retrying or running that
 * is due now (a push held for quiet hours is due later). Then an absent mail, push or inbox item
 * is absent for good, not merely late.
 */
export async function notificationsSettled(t: TestApp): Promise<void> {
  await eventually(async () => {
    const result = await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n FROM pgboss.job
      WHERE name = ANY(${`{${TELLING_QUEUES.join(',')}}`}::text[])
        AND state IN ('created', 'retry', 'active') AND start_after <= now()`);
    return Number(result.rows[0]!.n) === 0;
  }, 'the notification jobs to settle');
}

/** Waits until `check` holds, polling. */
export async function eventually<T>(
  check: () => Promise<T | undefined | false>,
  what: string,
  ms = 30_000,
): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}
