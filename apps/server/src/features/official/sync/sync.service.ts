import type {
  SyncRun,
  SyncRunList,
  SyncStarted,
  SyncStatus,
  SyncTrigger,
  TeamNameMapping,
  TeamNameMappingInput,
  TeamNameMappingList,
} from '@speedway/contracts';
import type { OfficialSyncConfig } from '../../../config';
import type { AppContext } from '../../../context';
import { conflict, notFound } from '../../../lib/errors';
import { httpSource, SourceUnreadable, type TaSource } from '../svemo-ta/ta-source';
import { runSync, type SyncDeps, type SyncLine, type SyncPlan } from './sync-run';
import { inMatchNight, isDue, nextRunAt, stockholmDay } from './sync-schedule';
import { EMPTY_COUNTS, syncRepository as repo, type SyncRunRow } from './sync.repository';

/** What the sync needs of the app (AppContext has it; a test or a tool can make it). */
export type SyncContext = Pick<
  AppContext,
  'db' | 'log' | 'jobs' | 'config' | 'officialResultsChanged'
>;

/** A run that has not moved on for this long lost its instance (one match takes seconds). */
const SILENT_AFTER_MS = 10 * 60 * 1000;
const SILENT_ERROR = 'Avbruten: instansen som körde synkningen slutade svara.';
const RUNS_SHOWN = 20;

export const SYNC_RUNNING = 'SYNC_RUNNING';
export const SYNC_NOT_CONFIGURED = 'SYNC_NOT_CONFIGURED';
const RUNNING_MESSAGE = 'En synkning pågår redan. Vänta tills den är klar.';

/** TA as the configuration names it. */
export function configuredSource(
  config: OfficialSyncConfig,
  appUrl: string,
  url = config.url,
): TaSource {
  return httpSource({ baseUrl: url, appUrl, pauseMs: config.pauseMs, timeoutMs: config.timeoutMs });
}

function toRun(row: SyncRunRow): SyncRun {
  return {
    id: row.id,
    trigger: row.trigger as SyncTrigger,
    origin: row.origin,
    seasons: row.seasons,
    status: row.status as SyncRun['status'],
    started_at: row.startedAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
    error: row.error,
    counts: row.counts,
    refusals: row.refusals,
  };
}

/** Claims a run (one at a time across instances), or null while another is running. */
export async function claimRun(
  deps: Pick<SyncDeps, 'db'>,
  run: { trigger: SyncTrigger; origin: string; seasons: number[] },
): Promise<string | null> {
  await repo.failSilentRuns(deps.db, new Date(Date.now() - SILENT_AFTER_MS), SILENT_ERROR);
  return repo.claimRun(deps.db, run);
}

/** Does a claimed run and records how it ended; a source that cannot be read fails the run. */
export async function executeRun(
  deps: SyncDeps,
  runId: string,
  plan: SyncPlan,
  onLine?: (line: SyncLine) => void,
): Promise<SyncRun> {
  try {
    const { counts, refusals } = await runSync(deps, runId, plan, onLine);
    await repo.finish(deps.db, runId, { status: 'done', error: null, counts, refusals });
  } catch (err) {
    const error =
      err instanceof SourceUnreadable ? err.message : 'Synkningen avbröts av ett internt fel.';
    if (!(err instanceof SourceUnreadable)) deps.log.error({ err, runId }, 'official sync failed');
    const run = await repo.run(deps.db, runId);
    await repo.finish(deps.db, runId, {
      status: 'failed',
      error,
      counts: run?.counts ?? EMPTY_COUNTS,
      refusals: run?.refusals ?? [],
    });
  }
  return toRun((await repo.run(deps.db, runId))!);
}

function planFor(ctx: SyncContext, scope: SyncPlan['scope']): SyncPlan {
  const config = ctx.config.officialSync;
  return {
    source: configuredSource(config, ctx.config.appUrl),
    seasons: config.seasons,
    series: config.series,
    scope,
  };
}

async function matchToday(ctx: SyncContext, now: Date): Promise<boolean> {
  const day = stockholmDay(now);
  return repo.hasMatchBetween(ctx.db, day.from, day.to);
}

/** The schedule's tick (every minute, once across instances): runs the sync when it is due. */
export async function scheduledSync(ctx: SyncContext, now = new Date()): Promise<SyncRun | null> {
  const config = ctx.config.officialSync;
  if (config.source === 'none') return null;
  const today = await matchToday(ctx, now);
  const due = isDue({
    now,
    lastStart: await repo.lastStart(ctx.db),
    matchToday: today,
    matchNightMinutes: config.matchNightMinutes,
    quietHours: config.quietHours,
  });
  if (!due) return null;
  const runId = await claimRun(ctx, {
    trigger: 'schedule',
    origin: config.url,
    seasons: config.seasons,
  });
  if (!runId) return null;
  // A match night looks at the matches around today; the rare runs look at the whole season.
  return executeRun(ctx, runId, {
    ...planFor(ctx, inMatchNight(now, today) ? 'near' : 'all'),
    now,
  });
}

/** 'Synka nu': a run claimed here and done by whichever instance takes its job. */
export async function startManualSync(ctx: SyncContext): Promise<SyncStarted> {
  const config = ctx.config.officialSync;
  if (config.source === 'none') {
    throw conflict(
      'Ingen officiell källa är inställd (OFFICIAL_SOURCE=none), så det finns inget att synka mot.',
      SYNC_NOT_CONFIGURED,
    );
  }
  const id = await claimRun(ctx, {
    trigger: 'manual',
    origin: config.url,
    seasons: config.seasons,
  });
  if (!id) throw conflict(RUNNING_MESSAGE, SYNC_RUNNING);
  try {
    await ctx.jobs.send('official-sync', { runId: id });
  } catch (err) {
    // No job, no run: the claim is let go at once rather than after ten silent minutes.
    await repo.finish(ctx.db, id, {
      status: 'failed',
      error: 'Körningen kunde inte läggas i kön.',
      counts: EMPTY_COUNTS,
      refusals: [],
    });
    throw err;
  }
  return { id, message: 'Synkningen har startat.' };
}

/** The job of a manual run. */
export async function runManualSync(ctx: SyncContext, runId: string): Promise<void> {
  const run = await repo.run(ctx.db, runId);
  if (run?.status !== 'running') return;
  await executeRun(ctx, runId, planFor(ctx, 'all'));
}

export async function syncStatus(ctx: SyncContext, now = new Date()): Promise<SyncStatus> {
  const config = ctx.config.officialSync;
  const runs = await repo.runs(ctx.db, 2);
  const running = runs.find((run) => run.status === 'running');
  const last = runs.find((run) => run.status !== 'running');
  const next =
    config.source === 'none'
      ? null
      : nextRunAt({
          now,
          lastStart: runs[0]?.startedAt ?? null,
          matchToday: await matchToday(ctx, now),
          matchNightMinutes: config.matchNightMinutes,
          quietHours: config.quietHours,
        });
  return {
    source: config.source,
    url: config.source === 'none' ? null : config.url,
    seasons: config.seasons,
    series: config.series,
    running: running ? toRun(running) : null,
    last_run: last ? toRun(last) : null,
    next_run_at: next ? (next < now ? now : next).toISOString() : null,
  };
}

export async function listRuns(ctx: SyncContext): Promise<SyncRunList> {
  return { runs: (await repo.runs(ctx.db, RUNS_SHOWN)).map(toRun) };
}

export async function listTeamNames(ctx: SyncContext): Promise<TeamNameMappingList> {
  const rows = await repo.teamNames(ctx.db);
  return {
    mappings: rows.map((row) => ({
      source_name: row.sourceName,
      abbreviation: row.abbreviation,
      team: row.team,
    })),
  };
}

export async function mapTeamName(
  ctx: SyncContext,
  input: TeamNameMappingInput,
): Promise<TeamNameMapping> {
  const mapped = await ctx.db.transaction(async (tx) => {
    const found = await repo.teamBySlug(tx, input.team_slug);
    if (!found) return undefined;
    // 'hammarby' maps the name met as 'Hammarby': the sync matches names regardless of case.
    const name = await repo.storedSpelling(tx, input.source_name);
    const before = await repo.teamIdOfName(tx, name);
    await repo.mapTeamName(tx, name, found.id);
    // The name's imported matches move to the team at the next run, also where TA would answer
    // their pages with 304 (the match as imported changes with its teams; the page does not).
    if (before && before !== found.id) await repo.forgetValidatorsOfTeam(tx, before);
    return { team: found, name };
  });
  if (!mapped) throw notFound('Laget finns inte.');
  const row = (await repo.teamNames(ctx.db)).find((r) => r.sourceName === mapped.name);
  return { source_name: mapped.name, abbreviation: row?.abbreviation ?? null, team: mapped.team };
}
