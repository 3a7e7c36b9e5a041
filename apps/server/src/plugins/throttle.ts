import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tooManyRequests } from '../lib/errors';
import { keyPart } from '../lib/rate-limiter';

export type ThrottleOptions = {
  /** Requests per window per signed-in user (or per IP when signed out); 0 turns it off. */
  max: number;
  windowSeconds?: number;
  /** How often this instance adds its counts to the shared ones in PostgreSQL. */
  flushMs?: number;
};

type Entry = {
  window: number;
  /** The total of all instances for this window, as last read from PostgreSQL. */
  shared: number;
  /** Counted here and not yet added to the shared row. */
  pending: number;
  /** The first read of the shared total, when this instance first sees the subject in a window. */
  ready: Promise<void> | null;
};

/**
 * A generous per-user / per-IP limit on every API route, shared by all instances through
 * PostgreSQL without a database write per request: each instance counts in memory and adds its
 * counts to the shared row of the current (epoch-aligned) window every `flushMs`, reading back the
 * total of all instances, and reads that total once when it first sees a subject in a window. A
 * request is refused when the last known total plus what this instance counted since reaches the
 * limit, so instances agree within one flush interval.
 */
export function createThrottle(db: Database, options: ThrottleOptions) {
  const windowMs = (options.windowSeconds ?? 60) * 1000;
  const entries = new Map<string, Entry>();
  const windowOf = (now: number) => Math.floor(now / windowMs);

  const keyOf = (window: number, subject: string) => `api:${window}:${subject}`;

  async function readShared(entry: Entry, subject: string): Promise<void> {
    try {
      const result = await db.execute<{ count: number }>(
        sql`SELECT count FROM rate_limits WHERE key = ${keyOf(entry.window, subject)}`,
      );
      entry.shared = Math.max(entry.shared, Number(result.rows[0]?.count ?? 0));
    } finally {
      entry.ready = null;
    }
  }

  /** Counts a request; answers null when it may go on, else the seconds until the window ends. */
  async function take(subject: string, now = Date.now()): Promise<number | null> {
    const window = windowOf(now);
    let entry = entries.get(subject);
    if (!entry || entry.window !== window) {
      entry = { window, shared: 0, pending: 0, ready: null };
      entry.ready = readShared(entry, subject);
      entries.set(subject, entry);
    }
    if (entry.ready) await entry.ready;
    if (entry.shared + entry.pending >= options.max) {
      return Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
    }
    entry.pending += 1;
    return null;
  }

  async function flush(): Promise<void> {
    const current = windowOf(Date.now());
    const batch: Array<{ subject: string; entry: Entry; count: number }> = [];
    for (const [subject, entry] of entries) {
      if (entry.window < current) entries.delete(subject);
      else if (entry.pending > 0) batch.push({ subject, entry, count: entry.pending });
    }
    if (batch.length === 0) return;
    const keys = batch.map((b) => keyOf(b.entry.window, b.subject));
    const rows = batch.map((b, i) => ({
      key: keys[i],
      count: b.count,
      reset_at: new Date((b.entry.window + 1) * windowMs).toISOString(),
    }));
    const result = await db.execute<{ key: string; count: number }>(sql`
      INSERT INTO rate_limits (key, count, reset_at)
      SELECT key, count, reset_at
      FROM jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
        AS x(key text, count int, reset_at timestamptz)
      ON CONFLICT (key) DO UPDATE SET count = rate_limits.count + excluded.count
      RETURNING key, count`);
    const totals = new Map(result.rows.map((r) => [r.key, Number(r.count)]));
    batch.forEach((b, i) => {
      b.entry.pending -= b.count;
      b.entry.shared = totals.get(keys[i]!) ?? b.entry.shared + b.count;
    });
  }

  return { take, flush };
}
export type Throttle = ReturnType<typeof createThrottle>;

/** Registers the throttle on /api (not /api/health, which load balancers poll). */
export function registerThrottle(app: FastifyInstance, db: Database, options: ThrottleOptions) {
  if (options.max <= 0) return;
  const throttle = createThrottle(db, options);
  let flushing: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    flushing = throttle.flush().catch((err: unknown) => app.log.warn({ err }, 'throttle flush'));
  }, options.flushMs ?? 1000);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await flushing;
  });
  // After the auth hook (registered before), so a signed-in user is counted as themself.
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return;
    const subject = request.auth ? `u:${request.auth.user.id}` : `ip:${keyPart(request.ip)}`;
    const retryAfter = await throttle.take(subject);
    if (retryAfter !== null) {
      throw tooManyRequests(retryAfter, 'För många förfrågningar.');
    }
  });
}
