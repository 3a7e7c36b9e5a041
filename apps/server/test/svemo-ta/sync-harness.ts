import pino from 'pino';
import { afterAll, beforeAll } from 'vitest';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../../src/config';
import { officialMatches } from '../../src/db/schema';
import { recompareSavedMatches } from '../../src/features/protocol/index';
import { httpSource } from '../../src/features/official/svemo-ta/ta-source';
import type { SyncLine } from '../../src/features/official/sync/sync-run';
import {
  claimRun,
  executeRun,
  type SyncContext,
} from '../../src/features/official/sync/sync.service';
import { startJobs } from '../../src/jobs/jobs';
import { createTestApp, type TestApp } from '../test-app';
import { savedPages } from './saved-pages';
import { startTaStandIn, type TaStandIn } from './ta-stand-in';

/** The stand-in serving the real 2012 list (both pages) and the given scorecards. */
export function serve2012(standIn: TaStandIn, scorecards: Record<number, string>) {
  standIn.lists.set(2012, [savedPages.listPage1(), savedPages.listPage2()]);
  standIn.scorecards.clear();
  for (const [id, html] of Object.entries(scorecards)) standIn.scorecards.set(Number(id), html);
}

/** The sync's context for a test app, with TA at the stand-in. */
export async function syncContext(
  t: TestApp,
  standIn: TaStandIn,
  env: Record<string, string> = {},
): Promise<SyncContext & { close: () => Promise<void> }> {
  const log = pino({ level: 'silent' });
  const jobs = await startJobs(t.db, log, { runWorkers: false });
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: t.databaseUrl,
    APP_URL: 'http://app.test',
    OFFICIAL_SOURCE: 'svemo-ta',
    SVEMO_TA_URL: standIn.url,
    SVEMO_TA_SEASONS: '2012',
    SVEMO_TA_PAUSE_MS: '0',
    ...env,
  });
  return {
    db: t.db,
    log,
    jobs,
    config,
    officialResultsChanged: recompareSavedMatches,
    close: () => jobs.stop(),
  };
}

/** One run against the stand-in, with quick retries; its lines and the run as recorded. */
export async function syncOnce(
  ctx: SyncContext,
  standIn: TaStandIn,
  options: { timeoutMs?: number; retries?: number } = {},
) {
  const lines: SyncLine[] = [];
  const runId = await claimRun(ctx, { trigger: 'command', origin: standIn.url, seasons: [2012] });
  if (!runId) throw new Error('a run is going on');
  const source = httpSource({
    baseUrl: standIn.url,
    appUrl: 'http://app.test',
    pauseMs: 0,
    timeoutMs: options.timeoutMs ?? 3000,
    retries: options.retries ?? 2,
    backoffMs: 10,
  });
  const run = await executeRun(
    ctx,
    runId,
    { source, seasons: [2012], series: 'Elitserien', scope: 'all' },
    (line) => lines.push(line),
  );
  const byId = (id: string) => lines.find((line) => line.externalId === id);
  return { run, lines, byId };
}

export async function storedMatch(t: TestApp, externalId: string) {
  const [row] = await t.db
    .select()
    .from(officialMatches)
    .where(eq(officialMatches.externalId, externalId));
  return row;
}

export type TaTestBed = {
  t: TestApp;
  standIn: TaStandIn;
  ctx: SyncContext & { close: () => Promise<void> };
};

/**
 * A test file's app on a fresh database, a TA stand-in and the sync's context at it, made before
 * the file's tests and closed after them; read its fields inside the tests.
 */
export function taTestBed(): TaTestBed {
  const bed = {} as TaTestBed;
  beforeAll(async () => {
    bed.t = await createTestApp();
    bed.standIn = await startTaStandIn();
    bed.ctx = await syncContext(bed.t, bed.standIn);
  });
  afterAll(async () => {
    await bed.ctx?.close();
    await bed.standIn?.close();
    await bed.t?.close();
  });
  return bed;
}
