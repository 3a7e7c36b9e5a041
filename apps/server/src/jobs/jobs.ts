import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { PgBoss, fromDrizzle, type Db, type Queue } from 'pg-boss';
import type { Database, Executor } from '../db/client';

/** pg-boss keeps its tables in their own schema, installed and migrated by pg-boss itself. */
const SCHEMA = 'pgboss';

/** Every queue, with its retry and retention policy. */
export const QUEUES = {
  // Account mail (links and security notices) never leaves inside a request: the request writes
  // what to send, a worker sends it. Addresses are personal data: finished jobs go after an hour.
  'auth-mail': {
    retryLimit: 6,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 60,
    deleteAfterSeconds: 60 * 60,
  },
  // A removal of 2FA asked for by e-mail (features/auth/two-factor-removal.ts), sent with startAfter
  // at the end of its delay; a cancelled one finds its row used and does nothing.
  'two-factor-removal': {
    retryLimit: 6,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 60,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  // Clean-ups (expired sessions, tokens, rate-limit windows), on a schedule.
  maintenance: { retryLimit: 1, expireInSeconds: 300, deleteAfterSeconds: 24 * 60 * 60 },
  // Notification mail (features/notifications): an SMTP outage is waited out for about a day.
  'notification-email': {
    retryLimit: 12,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 3600,
    expireInSeconds: 60,
    deleteAfterSeconds: 60 * 60,
  },
  // One web push to one device (features/push): a push service that times out or answers 5xx is
  // retried with backoff; the job is sent with startAfter at the end of the user's quiet hours.
  'notification-push': {
    retryLimit: 8,
    retryDelay: 5,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 60,
    deleteAfterSeconds: 60 * 60,
  },
  // Every few minutes: reminders overdue without a live job (it failed for good) get a new one.
  'notification-sweep': { retryLimit: 1, expireInSeconds: 120, deleteAfterSeconds: 24 * 60 * 60 },
  // Every hour: old read inbox items, and items beyond each user's newest 200, go (inbox-prune.ts).
  'notification-prune': { retryLimit: 1, expireInSeconds: 600, deleteAfterSeconds: 24 * 60 * 60 },
  // What an official import tells its users (features/notifications/import-notifications.ts),
  // queued in the import's transaction. Long enough for a digest to every user; retried
  // (idempotently) with backoff. Its data names users: finished jobs go after an hour.
  'import-notifications': {
    retryLimit: 10,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 900,
    expireInSeconds: 15 * 60,
    deleteAfterSeconds: 60 * 60,
  },
  // A match reminder, scheduled with startAfter for its time; kept until it has fired.
  'match-reminder': {
    retryLimit: 5,
    retryDelay: 10,
    retryBackoff: true,
    retryDelayMax: 600,
    expireInSeconds: 60,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  // Every hour: Idempotency-Key replies older than their 24 h go, in batches (lib/idempotency-store.ts).
  'idempotency-cleanup': { retryLimit: 1, expireInSeconds: 600, deleteAfterSeconds: 24 * 60 * 60 },
  // Every minute: whether the official-data sync is due (features/official/sync). A due run is
  // done inside this job, so it may take a while (one page a second); a run is never retried
  // (the next tick starts a fresh one).
  'official-sync-tick': {
    retryLimit: 0,
    expireInSeconds: 60 * 60,
    deleteAfterSeconds: 24 * 60 * 60,
  },
  // A run started by 'Synka nu', on whichever instance takes it.
  'official-sync': { retryLimit: 0, expireInSeconds: 60 * 60, deleteAfterSeconds: 24 * 60 * 60 },
} satisfies Record<string, Omit<Queue, 'name'>>;

export type QueueName = keyof typeof QUEUES;

export type SendOptions = {
  /** Enqueue inside this transaction: the job exists exactly when the write that asked for it does. */
  tx?: Executor;
  /** At most one queued job with this key (e.g. one clean-up at a time). */
  singletonKey?: string;
  /** Not before this moment (a reminder's time, the end of quiet hours). */
  startAfter?: Date;
};

export type Jobs = {
  /** Enqueues a job; its id, or null when a singleton key made it a duplicate. */
  send: (queue: QueueName, data: object, options?: SendOptions) => Promise<string | null>;
  /** Cancels queued jobs (e.g. a reminder that moved); a job already done stays done. */
  cancel: (queue: QueueName, ids: string[], options?: { tx?: Executor }) => Promise<void>;
  /** Runs `handler` for each job of the queue on this instance; a job runs on one instance only. */
  work: <T extends object>(queue: QueueName, handler: (data: T) => Promise<void>) => Promise<void>;
  /** A recurring job (cron, UTC); with several instances it is still sent once per occurrence. */
  schedule: (queue: QueueName, cron: string, data?: object) => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * pg-boss on a connection of ours: the app's pool for the queue's work, the migrations' own
 * connection for its schema. No second pool and no LISTEN connection (useListenNotify is off and
 * this adapter has no `listen`: workers poll). Through a transaction pooler (ADR 026) the pool
 * is right for pg-boss 12.33: each call is one statement, or one text that opens and commits its
 * own transaction (its plans.js `transaction`, `locked`), its locks are transaction-scoped
 * (pg_advisory_xact_lock, pg_try_advisory_xact_lock), its settings SET LOCAL or set_config(…,
 * true), and its statements unnamed.
 */
function adapter(client: Pick<pg.Pool, 'query'> | Pick<pg.Client, 'query'>): Db {
  return { executeSql: (text, values) => client.query(text, values) };
}

/**
 * Installs or migrates pg-boss's schema (idempotent; concurrent callers serialise on a lock), on
 * the connection the migrations run on (db/migrate.ts).
 */
export async function installJobSchema(client: pg.Client): Promise<void> {
  const boss = new PgBoss({
    db: adapter(client),
    schema: SCHEMA,
    supervise: false,
    schedule: false,
  });
  await boss.start();
  for (const [name, options] of Object.entries(QUEUES)) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, options);
  }
  await boss.stop({ graceful: false, close: false });
}

/**
 * The job queue (pg-boss in PostgreSQL): jobs survive restarts, and with several instances on one
 * database each job is taken by exactly one of them (SKIP LOCKED).
 */
export async function startJobs(
  db: Database,
  log: FastifyBaseLogger,
  options: { pollingIntervalSeconds?: number; runWorkers?: boolean } = {},
): Promise<Jobs> {
  const runWorkers = options.runWorkers ?? true;
  const boss = new PgBoss({
    db: adapter(db.$client),
    schema: SCHEMA,
    supervise: runWorkers,
    schedule: runWorkers,
  });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const [name, queueOptions] of Object.entries(QUEUES)) {
    if (!(await boss.getQueue(name))) await boss.createQueue(name, queueOptions);
  }
  const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 1;

  return {
    async send(queue, data, { tx, singletonKey, startAfter } = {}) {
      return boss.send(queue, data, {
        ...(tx ? { db: fromDrizzle(tx, sql) } : {}),
        ...(singletonKey ? { singletonKey } : {}),
        ...(startAfter ? { startAfter } : {}),
      });
    },
    async cancel(queue, ids, { tx } = {}) {
      if (ids.length === 0) return;
      await boss.cancel(queue, ids, tx ? { db: fromDrizzle(tx, sql) } : {});
    },
    async work<T extends object>(queue: QueueName, handler: (data: T) => Promise<void>) {
      if (!runWorkers) return;
      // Up to ten jobs at a time, each settled on its own: one failing mail is retried alone.
      const options = {
        pollingIntervalSeconds,
        batchSize: 10,
        burstWhenBatchFull: true,
        perJobResults: true,
      } as const;
      await boss.work<T, unknown, typeof options>(queue, options, async (batch) =>
        Promise.all(
          batch.map(async (job) => {
            try {
              await handler(job.data);
              return { id: job.id, status: 'completed' as const };
            } catch (err) {
              log.warn({ err, queue, job: job.id }, 'job failed; it will be retried');
              return {
                id: job.id,
                status: 'failed' as const,
                output: { message: err instanceof Error ? err.message : String(err) },
              };
            }
          }),
        ),
      );
    },
    async schedule(queue, cron, data = {}) {
      if (!runWorkers) return;
      await boss.schedule(queue, cron, data, { tz: 'UTC' });
    },
    async stop() {
      await boss.stop({ graceful: true, timeout: 10_000, close: false });
    },
  };
}
