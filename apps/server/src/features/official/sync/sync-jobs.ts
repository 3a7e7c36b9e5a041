import type { AppContext } from '../../../context';
import { runManualSync, scheduledSync } from './sync.service';

/** Every minute; the tick itself decides whether a run is due (sync-schedule.ts). */
export const SYNC_TICK_CRON = '* * * * *';

/** The sync's jobs, in every instance: pg-boss gives each tick and each manual run to one. */
export async function startSyncJobs(ctx: AppContext): Promise<void> {
  await ctx.jobs.work('official-sync-tick', async () => {
    await scheduledSync(ctx);
  });
  await ctx.jobs.schedule('official-sync-tick', SYNC_TICK_CRON);
  await ctx.jobs.work<{ runId: string }>('official-sync', async ({ runId }) => {
    await runManualSync(ctx, runId);
  });
}
