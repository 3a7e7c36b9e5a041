import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { tooManyRequests } from '../lib/errors';
import { keyPart } from '../lib/rate-limiter';

export type ThrottleOptions = {
  /** Requests per window per signed-in user (or per IP when signed out); 0 turns it off. */
  max: number;
  windowSeconds?: number;
};

/** The requests a first claim of a window takes, and the most one claim takes. */
const FIRST_LEASE = 4;
const MAX_LEASE = 16;

type Lease = {
  window: number;
  /** Requests claimed from the shared row and not yet used here. */
  left: number;
  /** How many the next claim asks for: doubles while the budget is far from spent. */
  next: number;
  /** The claim in flight; requests of the same subject wait for it rather than claim again. */
  claiming: Promise<void> | null;
  /** The shared row said the window's budget is spent. */
  spent: boolean;
};

/**
 * A generous per-user / per-IP limit on every API route, exact across instances: the budget of
 * each (epoch-aligned) window lives in one row in PostgreSQL, and an instance claims requests from
 * it in atomic conditional updates that never take the total past the limit, so however many
 * instances there are, at most `max` requests per window pass. To spare a write per request an
 * instance claims a few at a time (4, 8, 16, and never more than a quarter of what is left), and
 * serves its claimed ones from memory. Near the limit claims shrink to one, so
 * what other instances hold unused is small; a claim unused at the window's end is lost, which
 * only ever errs on the side of refusing.
 */
export function createThrottle(db: Database, options: ThrottleOptions) {
  const windowMs = (options.windowSeconds ?? 60) * 1000;
  const leases = new Map<string, Lease>();
  const windowOf = (now: number) => Math.floor(now / windowMs);
  const keyOf = (window: number, subject: string) => `api:${window}:${subject}`;

  /** Claims `want` requests (all or nothing); the shared total after it, or null when refused. */
  async function claimShared(key: string, want: number, resetAt: Date): Promise<number | null> {
    const result = await db.execute<{ count: number }>(sql`
      INSERT INTO rate_limits AS r (key, count, reset_at)
      VALUES (${key}, ${want}, ${resetAt.toISOString()})
      ON CONFLICT (key) DO UPDATE SET count = r.count + ${want}
        WHERE r.count + ${want} <= ${options.max}
      RETURNING count`);
    const row = result.rows[0];
    return row ? Number(row.count) : null;
  }

  async function claim(lease: Lease, subject: string): Promise<void> {
    const key = keyOf(lease.window, subject);
    const resetAt = new Date((lease.window + 1) * windowMs);
    let want = Math.min(lease.next, options.max);
    let total = await claimShared(key, want, resetAt);
    // Not that many left: one is the least anyone may still get.
    if (total === null && want > 1) {
      want = 1;
      total = await claimShared(key, want, resetAt);
    }
    if (total === null) {
      lease.spent = true;
      return;
    }
    lease.left += want;
    lease.next = Math.max(1, Math.min(want * 2, MAX_LEASE, Math.floor((options.max - total) / 4)));
  }

  /** Counts a request; answers null when it may go on, else the seconds until the window ends. */
  async function take(subject: string, now = Date.now()): Promise<number | null> {
    const window = windowOf(now);
    let lease = leases.get(subject);
    if (!lease || lease.window !== window) {
      lease = { window, left: 0, next: FIRST_LEASE, claiming: null, spent: false };
      leases.set(subject, lease);
    }
    while (lease.left === 0 && !lease.spent) {
      if (!lease.claiming) {
        const current = lease;
        current.claiming = claim(current, subject).finally(() => {
          current.claiming = null;
        });
      }
      await lease.claiming;
    }
    if (lease.left === 0) return Math.max(1, Math.ceil(((window + 1) * windowMs - now) / 1000));
    lease.left -= 1;
    return null;
  }

  /** Forgets the leases of ended windows (a timer). */
  function prune(now = Date.now()): void {
    const current = windowOf(now);
    for (const [subject, lease] of leases) if (lease.window < current) leases.delete(subject);
  }

  return { take, prune };
}
export type Throttle = ReturnType<typeof createThrottle>;

/** Registers the throttle on /api (not /api/health, which load balancers poll). */
export function registerThrottle(app: FastifyInstance, db: Database, options: ThrottleOptions) {
  if (options.max <= 0) return;
  const throttle = createThrottle(db, options);
  const timer = setInterval(() => throttle.prune(), 10_000);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
  // After the auth hook (registered before), so a signed-in user is counted as themself. The
  // subject is a hash: no user id or IP in clear in the shared rows (deleting an account removes
  // its rows too: lib/rate-limiter.ts forget()).
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/health')) return;
    const subject = request.auth
      ? `u:${keyPart(request.auth.user.id)}`
      : `ip:${keyPart(request.ip)}`;
    const retryAfter = await throttle.take(subject);
    if (retryAfter !== null) {
      throw tooManyRequests(retryAfter, 'För många förfrågningar.');
    }
  });
}
