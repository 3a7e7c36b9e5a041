import type { AppContext } from '../context';
import { pruneExpired } from '../features/auth/index';

/** Every quarter of an hour, on one instance (pg-boss sends a scheduled job once). */
export const MAINTENANCE_CRON = '*/15 * * * *';

/** Removes what has expired: rate-limit windows, sessions past their lifetime, old links and tickets. */
export async function runMaintenance(ctx: Pick<AppContext, 'db' | 'rateLimiter' | 'log'>) {
  const limits = await ctx.rateLimiter.prune();
  const sessions = await pruneExpired(ctx.db);
  ctx.log.info({ limits, sessions }, 'maintenance: expired rows removed');
}
