import type { AppContext } from '../context';
import { sessionsRepository } from '../features/auth/sessions.repository';
import { tokensRepository } from '../features/auth/tokens.repository';

/** Every quarter of an hour, on one instance (pg-boss sends a scheduled job once). */
export const MAINTENANCE_CRON = '*/15 * * * *';

/** Removes what has expired: rate-limit windows, sessions past their lifetime, old links and tickets. */
export async function runMaintenance(ctx: Pick<AppContext, 'db' | 'rateLimiter' | 'log'>) {
  const limits = await ctx.rateLimiter.prune();
  const sessions = await sessionsRepository.pruneExpired(ctx.db);
  await tokensRepository.prune(ctx.db);
  ctx.log.info({ limits, sessions }, 'maintenance: expired rows removed');
}
