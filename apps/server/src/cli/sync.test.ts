import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { eq } from 'drizzle-orm';
import { officialMatches, officialResults, officialSyncRuns } from '../db/schema';
import { claimRun } from '../features/official/sync/sync.service';
import { syncRepository } from '../features/official/sync/sync.repository';
import { PIR_HAM_ID, SAVED_2012, savedPages } from '../../test/svemo-ta/saved-pages';
import { serve2012 } from '../../test/svemo-ta/sync-harness';
import { startTaStandIn, type TaStandIn } from '../../test/svemo-ta/ta-stand-in';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SyncCommandFailed, syncCommand } from './sync';

// `npm run sync`: one run now against a folder of saved TA pages or TA over HTTP (the loopback
// stand-in), a line a match and a summary; it fails only when the source cannot be read at all.

const PIR_HAM_TITLE = 'svemo-ta-1259  2012-07-24 Elitserien Omgång 11 Pir - Ham';
const summary = (origin: string, c: [number, number, number, number, number]) =>
  `Synkningen är klar (${origin}, 2012): ${c[0]} matcher sedda, ${c[1]} importerade, ` +
  `${c[2]} uppdaterade, ${c[3]} oförändrade, ${c[4]} avvisade.`;

let standIn: TaStandIn;
beforeAll(async () => {
  standIn = await startTaStandIn();
});
afterAll(() => standIn.close());

/** A fresh database for a describe block; the command's options as main.ts gives them. */
function withApp() {
  const ctx = {} as { t: TestApp };
  beforeAll(async () => {
    ctx.t = await createTestApp();
  });
  afterAll(() => ctx.t.close());
  return ctx;
}

async function sync(t: TestApp, args: string[], env: Record<string, string> = {}) {
  const lines: string[] = [];
  const config = loadConfig({
    NODE_ENV: 'test',
    SVEMO_TA_URL: standIn.url,
    SVEMO_TA_SEASONS: '2012',
    SVEMO_TA_PAUSE_MS: '0',
    ...env,
  }).officialSync;
  const out = await syncCommand(args, t.db, {
    config,
    appUrl: 'http://app.test',
    print: (line) => lines.push(line),
  });
  return { out, lines };
}

const runs = (t: TestApp) => t.db.select().from(officialSyncRuns);

/** The stored official match and its result, by external id. */
async function stored(t: TestApp, externalId: string) {
  const [row] = await t.db
    .select({
      round: officialMatches.round,
      attendance: officialMatches.attendance,
      homeScore: officialResults.homeScore,
      awayScore: officialResults.awayScore,
    })
    .from(officialMatches)
    .innerJoin(officialResults, eq(officialResults.officialMatchId, officialMatches.id))
    .where(eq(officialMatches.externalId, externalId));
  return row;
}

describe('npm run sync -- --dir (saved pages)', () => {
  const ctx = withApp();

  it('imports Piraterna–Hammarby from the saved 2012 folder, a line a match, then finds it unchanged', async () => {
    const first = await sync(ctx.t, ['--season', '2012', '--dir', SAVED_2012]);
    expect(first.out).toBe(summary(SAVED_2012, [66, 1, 0, 0, 65]));
    expect(first.lines).toHaveLength(66);
    expect(first.lines.filter((line) => line.endsWith(': importerad'))).toEqual([
      `${PIR_HAM_TITLE}: importerad`,
    ]);
    // Every other match is refused alone, saying why.
    expect(first.lines).toContain(
      'svemo-ta-1217  2012-05-01 Elitserien Omgång 1 Pir - Dac: avvisad: matchsidan finns inte i mappen',
    );
    expect(first.lines.filter((line) => line.includes(': avvisad: '))).toHaveLength(65);
    expect(first.lines.filter((line) => line.startsWith('(utan id)  '))).toHaveLength(1);
    expect(await stored(ctx.t, 'svemo-ta-1259')).toEqual({
      round: 11,
      attendance: 2887,
      homeScore: 56,
      awayScore: 34,
    });

    const second = await sync(ctx.t, ['--season', '2012', '--dir', SAVED_2012]);
    expect(second.out).toBe(summary(SAVED_2012, [66, 0, 0, 1, 65]));
    expect(second.lines).toHaveLength(66);
    expect(second.lines).toContain(`${PIR_HAM_TITLE}: oförändrad`);
    expect(second.lines.filter((line) => line.endsWith(': importerad'))).toEqual([]);

    // Each run is recorded as the command's, with the folder as its origin.
    const recorded = await runs(ctx.t);
    expect(recorded).toHaveLength(2);
    for (const run of recorded) {
      expect(run).toMatchObject({
        trigger: 'command',
        origin: SAVED_2012,
        seasons: [2012],
        status: 'done',
        error: null,
      });
    }
  });

  it('reads a relative --dir from where the command was typed', async () => {
    const out = await syncCommand(
      ['--season', '2012', '--dir', path.basename(SAVED_2012)],
      ctx.t.db,
      {
        config: loadConfig({ NODE_ENV: 'test' }).officialSync,
        appUrl: 'http://app.test',
        print: () => {},
        cwd: path.dirname(SAVED_2012),
      },
    );
    expect(out).toBe(summary(SAVED_2012, [66, 0, 0, 1, 65]));
  });

  it('fails as a whole (SyncCommandFailed) for a folder without TA pages, or none at all', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'sync-cli-'));
    try {
      writeFileSync(path.join(empty, 'annat.html'), '<html><body><p>Hej</p></body></html>');
      const before = (await runs(ctx.t)).length;
      const failed = sync(ctx.t, ['--season', '2012', '--dir', empty]);
      await expect(failed).rejects.toBeInstanceOf(SyncCommandFailed);
      await expect(failed).rejects.toThrow(
        `Synkningen misslyckades: Mappen ${empty} har varken matchlista eller matchsidor från Svemo TA.`,
      );
      // The run is recorded as failed, so that the admin screen shows it and a new one may start.
      const recorded = await runs(ctx.t);
      expect(recorded).toHaveLength(before + 1);
      expect(recorded.find((run) => run.origin === empty)).toMatchObject({
        status: 'failed',
        error: `Mappen ${empty} har varken matchlista eller matchsidor från Svemo TA.`,
      });

      const missing = path.join(empty, 'finns-inte');
      const gone = sync(ctx.t, ['--season', '2012', '--dir', missing]);
      await expect(gone).rejects.toBeInstanceOf(SyncCommandFailed);
      await expect(gone).rejects.toThrow(`Mappen ${missing} gick inte att läsa`);
      expect(await runs(ctx.t)).toHaveLength(before + 1);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });

  it('refuses to start while another run is going on', async () => {
    const runId = await claimRun(
      { db: ctx.t.db },
      { trigger: 'manual', origin: 'x', seasons: [2012] },
    );
    expect(runId).not.toBeNull();
    try {
      const busy = sync(ctx.t, ['--season', '2012', '--dir', SAVED_2012]);
      await expect(busy).rejects.toBeInstanceOf(SyncCommandFailed);
      await expect(busy).rejects.toThrow('En synkning pågår redan. Försök igen när den är klar.');
    } finally {
      await syncRepository.finish(ctx.t.db, runId!, {
        status: 'done',
        error: null,
        counts: { seen: 0, imported: 0, updated: 0, unchanged: 0, refused: 0 },
        refusals: [],
      });
    }
  });
});

describe('npm run sync -- --url (TA over HTTP)', () => {
  const ctx = withApp();
  beforeEach(() => {
    standIn.lists.clear();
    standIn.scorecards.clear();
    standIn.faults.clear();
    standIn.requests.length = 0;
  });

  it('imports the same match from TA at --url', async () => {
    serve2012(standIn, { [PIR_HAM_ID]: savedPages.pirHam() });
    // The URL from the command line, not SVEMO_TA_URL's.
    const { out, lines } = await sync(ctx.t, ['--season', '2012', '--url', `${standIn.url}/`], {
      SVEMO_TA_URL: 'http://127.0.0.1:9/',
    });
    expect(out).toBe(summary(standIn.url, [66, 1, 0, 0, 65]));
    expect(lines).toHaveLength(66);
    expect(lines.filter((line) => line.endsWith(': importerad'))).toEqual([
      `${PIR_HAM_TITLE}: importerad`,
    ]);
    expect(lines).toContain(
      'svemo-ta-1217  2012-05-01 Elitserien Omgång 1 Pir - Dac: avvisad: matchsidan kunde inte läsas: Svemo TA svarade HTTP 404',
    );
    expect(standIn.requests.some((r) => r.url.includes(`CompetitionId=${PIR_HAM_ID}`))).toBe(true);
    expect(await stored(ctx.t, 'svemo-ta-1259')).toEqual({
      round: 11,
      attendance: 2887,
      homeScore: 56,
      awayScore: 34,
    });
    // Without --url: SVEMO_TA_URL; the page has not changed since (a conditional GET, 304).
    const again = await sync(ctx.t, ['--season', '2012']);
    expect(again.out).toBe(summary(standIn.url, [66, 0, 0, 1, 65]));
    expect(again.lines).toContain(`${PIR_HAM_TITLE}: oförändrad`);
  });

  it('fails as a whole when TA has no match list (HTTP 404)', async () => {
    const lines: string[] = [];
    const failed = syncCommand(['--season', '2012', '--url', standIn.url], ctx.t.db, {
      config: loadConfig({ NODE_ENV: 'test', SVEMO_TA_PAUSE_MS: '0' }).officialSync,
      appUrl: 'http://app.test',
      print: (line) => lines.push(line),
    });
    await expect(failed).rejects.toBeInstanceOf(SyncCommandFailed);
    await expect(failed).rejects.toThrow(
      'Synkningen misslyckades: Matchlistan för 2012 kunde inte läsas: Svemo TA svarade HTTP 404.',
    );
    expect(lines).toEqual([]);
    const [newest] = await syncRepository.runs(ctx.t.db, 1);
    expect(newest).toMatchObject({ status: 'failed', origin: standIn.url, trigger: 'command' });
  });
});

describe('npm run sync: arguments', () => {
  const ctx = withApp();

  it('refuses --url with --dir, a season that is not a year and a URL that is not http(s), in Swedish, before starting a run', async () => {
    const asked = standIn.requests.length;
    const refused = async (args: string[], message: string | RegExp) => {
      const call = sync(ctx.t, args);
      await expect(call).rejects.toBeInstanceOf(SyncCommandFailed);
      await expect(call).rejects.toThrow(message);
    };
    await refused(['--url', standIn.url, '--dir', SAVED_2012], '--url och --dir går inte ihop.');
    await refused(['--season', '20x5', '--dir', SAVED_2012], '--season ska vara ett år: 20x5');
    await refused(['--season', '12', '--dir', SAVED_2012], '--season ska vara ett år: 12');
    await refused(
      ['--season', '2012', '--season', 'förra', '--dir', SAVED_2012],
      '--season ska vara ett år: förra',
    );
    await refused(
      ['--url', 'ta.svemo.se'],
      '--url ska vara en http- eller https-adress: ta.svemo.se',
    );
    await refused(
      ['--url', 'ftp://ta.svemo.se'],
      '--url ska vara en http- eller https-adress: ftp://ta.svemo.se',
    );
    // The usage comes with the first.
    await refused(['--url', standIn.url, '--dir', SAVED_2012], /npm run sync -- \[--season YEAR\]/);
    expect(await runs(ctx.t)).toEqual([]);
    expect(standIn.requests).toHaveLength(asked);
  });

  it('as its own process: exit 0 with the summary when pages are refused, non-zero only when the source cannot be read', async () => {
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    const run = (args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'src/cli/main.ts', 'sync', ...args],
        {
          cwd: serverDir,
          env: { ...process.env, DATABASE_URL: ctx.t.databaseUrl, LOG_LEVEL: 'warn' },
        },
      );
    const ok = await run(['--season', '2012', '--dir', SAVED_2012]);
    expect(ok.stdout).toContain(`${PIR_HAM_TITLE}: importerad\n`);
    expect(ok.stdout).toContain(summary(SAVED_2012, [66, 1, 0, 0, 65]));

    const empty = mkdtempSync(path.join(tmpdir(), 'sync-cli-'));
    try {
      const failed = run(['--season', '2012', '--dir', empty]);
      await expect(failed).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining(
          `Synkningen misslyckades: Mappen ${empty} har varken matchlista eller matchsidor från Svemo TA.`,
        ),
      });
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});
