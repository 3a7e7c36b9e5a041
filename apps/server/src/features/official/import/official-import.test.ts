import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { canSaveProtocol, matchScore, type Heat } from '@speedway/rules';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { importData, kumlaVastervik, syntheticKlassisk } from '../../../../test/official-data';
import { createTestApp, type TestApp } from '../../../../test/test-app';
import { importCommand } from '../../../cli/import';
import { officialMatches, officialResults, riders, teams } from '../../../db/schema/index';
import { ImportRejected } from './import-issues';

let t: TestApp;
const dir = mkdtempSync(path.join(tmpdir(), 'speedway-import-'));
beforeEach(async () => {
  await t?.close();
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

async function counts() {
  const n = async (
    table: typeof teams | typeof riders | typeof officialMatches | typeof officialResults,
  ) => (await t.db.select({ n: count() }).from(table))[0]!.n;
  return {
    teams: await n(teams),
    riders: await n(riders),
    matches: await n(officialMatches),
    results: await n(officialResults),
  };
}

async function storedMatch(externalId: string) {
  const [row] = await t.db
    .select()
    .from(officialMatches)
    .leftJoin(officialResults, eq(officialResults.officialMatchId, officialMatches.id))
    .where(eq(officialMatches.externalId, externalId));
  return row!;
}

async function rejection(doc: unknown): Promise<string[]> {
  const err = await importData(t.db, doc).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(ImportRejected);
  return (err as ImportRejected).issues.map((i) => `${i.path}: ${i.message}`);
}

const reference = kumlaVastervik();
const referenceMatch = reference.matches[0]!;
const withMatch = (changes: Record<string, unknown>, extra: object[] = []) => ({
  ...reference,
  matches: [{ ...referenceMatch, ...changes }, ...extra],
});

describe('a valid file', () => {
  it('stores teams, riders, the match with its line-ups and the result heat by heat', async () => {
    const summary = await importData(t.db, reference);
    expect(summary).toMatchObject({
      teams: { created: 2, updated: 0 },
      riders_created: 14,
      matches: { created: 1, updated: 0 },
      results: 1,
    });
    expect(await counts()).toEqual({ teams: 2, riders: 14, matches: 1, results: 1 });
    const { official_matches: match, official_results: result } = await storedMatch(
      referenceMatch.external_id,
    );
    expect(match).toMatchObject({
      rulebook: 'elitserien-2019',
      season: 2019,
      competition: 'Elitserien',
      venue: 'Glottra Skog Arena',
      startsAt: null,
    });
    expect(match.lineups.home.map((r) => [r.lineup_no, r.name])).toEqual(
      Object.entries(referenceMatch.lineups!.home!).map(([no, name]) => [Number(no), name]),
    );
    const riderIds = (await t.db.select({ id: riders.id }).from(riders)).map((r) => r.id);
    expect(match.lineups.away.every((r) => riderIds.includes(r.rider_id))).toBe(true);
    const heats = result!.heats as Heat[];
    expect(heats).toHaveLength(15);
    expect([result!.homeScore, result!.awayScore]).toEqual([37, 53]);
    expect(matchScore(heats)).toEqual({ home_score: 37, away_score: 53 });
    expect(canSaveProtocol({ rulebook: 'elitserien-2019', lineups: match.lineups, heats })).toEqual(
      { ok: true },
    );
  });

  it('is idempotent by external_id: importing again updates and never duplicates', async () => {
    await importData(t.db, reference);
    const before = await storedMatch(referenceMatch.external_id);
    const again = await importData(t.db, reference);
    expect(again).toMatchObject({
      teams: { created: 0, updated: 2 },
      riders_created: 0,
      matches: { created: 0, updated: 1 },
      results: 1,
    });
    expect(await counts()).toEqual({ teams: 2, riders: 14, matches: 1, results: 1 });
    const after = await storedMatch(referenceMatch.external_id);
    expect(after.official_matches.id).toBe(before.official_matches.id);
    expect(after.official_matches.lineups).toEqual(before.official_matches.lineups);
  });

  it('updates a line-up: a new name becomes a rider of that team, the others keep their ids', async () => {
    await importData(t.db, reference);
    const before = (await storedMatch(referenceMatch.external_id)).official_matches.lineups;
    const lineups = {
      home: { ...referenceMatch.lineups!.home, '7': 'Påhittad Reserv' },
      away: referenceMatch.lineups!.away,
    };
    const summary = await importData(t.db, withMatch({ lineups, result: undefined }));
    expect(summary.riders_created).toBe(1);
    const after = (await storedMatch(referenceMatch.external_id)).official_matches.lineups;
    expect(after.home[6]).toMatchObject({ name: 'Påhittad Reserv', lineup_no: 7 });
    expect(after.home.slice(0, 6)).toEqual(before.home.slice(0, 6));
    expect(await counts()).toMatchObject({ riders: 15, results: 1 });
  });

  it('takes a result that arrives later, keeping what the later file leaves out', async () => {
    const fixture = {
      ...referenceMatch,
      start: '2019-06-02T19:00:00+02:00',
      tv: 'Demokanalen',
      result: undefined,
    };
    await importData(t.db, { ...reference, matches: [fixture] });
    expect(await counts()).toMatchObject({ matches: 1, results: 0 });

    // The source sends the result alone: no teams, no line-ups, no start.
    const late = {
      format: 'speedway-official/1',
      matches: [
        {
          external_id: referenceMatch.external_id,
          home: 'indianerna',
          away: 'vastervik',
          result: referenceMatch.result,
        },
      ],
    };
    expect(await importData(t.db, late)).toMatchObject({
      matches: { created: 0, updated: 1 },
      results: 1,
    });
    const stored = await storedMatch(referenceMatch.external_id);
    expect(stored.official_matches).toMatchObject({
      rulebook: 'elitserien-2019',
      tv: 'Demokanalen',
      startsAt: new Date('2019-06-02T17:00:00Z'),
    });
    expect(stored.official_matches.lineups.home).toHaveLength(7);
    expect(stored.official_results).toMatchObject({ homeScore: 37, awayScore: 53 });

    // null clears a result (a correction at the source).
    await importData(t.db, {
      ...late,
      matches: [{ ...late.matches[0], result: null }],
    });
    expect(await counts()).toMatchObject({ matches: 1, results: 0 });
  });

  it('accepts totals without heats', async () => {
    await importData(t.db, withMatch({ result: { home_score: 40, away_score: 50 } }));
    expect((await storedMatch(referenceMatch.external_id)).official_results).toMatchObject({
      homeScore: 40,
      awayScore: 50,
      heats: null,
    });
  });
});

describe('a team without city, short or arena (real sources often lack them)', () => {
  async function storedTeams() {
    const rows = await t.db
      .select({ slug: teams.slug, city: teams.city, short: teams.short, arena: teams.arena })
      .from(teams);
    return Object.fromEntries(rows.map(({ slug, ...rest }) => [slug, rest]));
  }
  const bare = { slug: 'indianerna', name: 'Indianerna' };
  const nulls = {
    slug: 'vastervik',
    name: 'Västervik Speedway',
    city: null,
    short: null,
    arena: null,
  };

  it('is imported with them missing or null, and stored without them', async () => {
    await importData(t.db, { ...reference, teams: [bare, nulls] });
    expect(await storedTeams()).toEqual({
      indianerna: { city: null, short: null, arena: null },
      vastervik: { city: null, short: null, arena: null },
    });
    expect(await counts()).toEqual({ teams: 2, riders: 14, matches: 1, results: 1 });
  });

  it('gets them from a later file that has them, and keeps them when a later file lacks them', async () => {
    await importData(t.db, { ...reference, teams: [bare, nulls] });
    await importData(t.db, reference);
    const full = {
      indianerna: { city: 'Kumla', short: 'IND', arena: 'Glottra Skog Arena' },
      vastervik: { city: 'Västervik', short: 'VÄS', arena: 'Ljungheden' },
    };
    expect(await storedTeams()).toEqual(full);
    // Missing, null and blank all mean "not known to this source", never "remove".
    await importData(t.db, {
      ...reference,
      teams: [bare, { ...nulls, city: ' ', short: '' }],
    });
    expect(await storedTeams()).toEqual(full);
  });
});

describe('a file with matches of different shapes', () => {
  it('keeps what each match leaves out and clears what it gives as null', async () => {
    const second = { ...referenceMatch, external_id: 'andra', result: undefined };
    await importData(t.db, withMatch({ tv: 'Kanal 1' }, [{ ...second, tv: 'Kanal 2' }]));
    await importData(
      t.db,
      withMatch({ tv: undefined, venue: null, result: null }, [{ ...second, tv: null }]),
    );
    const first = (await storedMatch(referenceMatch.external_id)).official_matches;
    expect(first).toMatchObject({ tv: 'Kanal 1', venue: null, season: 2019 });
    expect((await storedMatch('andra')).official_matches).toMatchObject({
      tv: null,
      venue: 'Glottra Skog Arena',
    });
    expect(await counts()).toMatchObject({ matches: 2, results: 0 });
  });
});

describe('a file that breaks a rule is rejected whole, naming the match and the field', () => {
  const valid = syntheticKlassisk().matches[0]!;
  const second = (changes: Record<string, unknown>) =>
    withMatch({}, [{ ...valid, external_id: 'svemo-123', ...changes }]);
  const heats = referenceMatch.result.heats;

  it.each([
    [
      'a rider number outside 1–7',
      second({ lineups: { home: { ...valid.lineups!.home, '8': 'Åtta' } } }),
      'matches[1] (svemo-123): lineups.home.8: förarnummer ska vara 1–7',
    ],
    [
      'an unknown team',
      second({ away: 'okand' }),
      'matches[1] (svemo-123): away: okänt lag "okand" (saknas i filens teams och i databasen)',
    ],
    [
      'a team against itself',
      second({ away: 'hemma' }),
      'matches[1] (svemo-123): away: ett lag kan inte möta sig självt',
    ],
    [
      'an unknown rulebook',
      second({ rulebook: 'elitserien-1950' }),
      'matches[1] (svemo-123): rulebook: okänd tävlingsform; välj elitserien-klassisk eller elitserien-2019',
    ],
    [
      'a rider missing from the line-up',
      withMatch({
        lineups: {
          home: { ...referenceMatch.lineups!.home, '6': undefined },
          away: referenceMatch.lineups!.away,
        },
      }),
      'matches[0] (reference-kumla-vastervik-37-53): result.heats[1]: Heat 2: okänd förare (H 6).',
    ],
    [
      'two riders in one position',
      withMatch({
        result: {
          ...referenceMatch.result,
          heats: [
            {
              ...heats[0]!,
              riders: heats[0]!.riders.map((r) => ({ ...r, position: 1, status: 'completed' })),
            },
          ],
        },
      }),
      'matches[0] (reference-kumla-vastervik-37-53): result.heats[0]: Heat 1: Fyll i unika placeringar 1–4 för alla som inte är uteslutna.',
    ],
    [
      'a heat score that contradicts the positions',
      withMatch({
        result: { ...referenceMatch.result, heats: [{ ...heats[0]!, heat_score: [5, 1] }] },
      }),
      'matches[0] (reference-kumla-vastervik-37-53): result.heats[0]: Heat 1: heat_score stämmer inte med placeringarna.',
    ],
    [
      'a match twice in one file',
      withMatch({}, [referenceMatch]),
      'matches[1] (reference-kumla-vastervik-37-53): external_id: matchen finns två gånger i filen',
    ],
    [
      'a wrong type',
      second({ round: 'sju' }),
      /^matches\[1\] \(svemo-123\): round: Ogiltig inmatning: förväntat antal/,
    ],
  ])('%s', async (_, doc, message) => {
    const file = JSON.parse(JSON.stringify(doc)) as { teams: unknown[] };
    file.teams = [...file.teams, ...(syntheticKlassisk().teams ?? [])];
    expect(await rejection(file)).toContainEqual(
      typeof message === 'string' ? message : expect.stringMatching(message),
    );
    expect(await counts()).toEqual({ teams: 0, riders: 0, matches: 0, results: 0 });
  });

  it('names every problem of the file at once', async () => {
    const issues = await rejection({
      format: 'speedway-official/1',
      teams: [{ slug: 'Fel Slug', name: '' }],
      matches: [
        { external_id: 'a', home: 'x', away: 'y' },
        { external_id: 'b', home: 'x', away: 'x', start: 'igår' },
      ],
    });
    expect(issues.length).toBeGreaterThanOrEqual(3);
    expect(issues.some((i) => i.startsWith('teams[0] (Fel Slug): slug:'))).toBe(true);
    expect(issues.some((i) => i.startsWith('matches[1] (b): start:'))).toBe(true);
  });

  it('leaves the database as it was when a later match fails (one transaction)', async () => {
    await importData(t.db, reference);
    const before = await counts();
    const broken = withMatch({ venue: 'Ny arena' }, [
      { ...referenceMatch, external_id: 'ny-match', home: 'okand' },
    ]);
    await rejection(broken);
    expect(await counts()).toEqual(before);
    expect((await storedMatch(referenceMatch.external_id)).official_matches.venue).toBe(
      'Glottra Skog Arena',
    );
  });
});

describe('npm run import -- FILE.json', () => {
  const write = (name: string, content: string) => {
    const file = path.join(dir, name);
    writeFileSync(file, content);
    return file;
  };

  it('imports a file (the command function, with a database and no server)', async () => {
    const file = write('kumla.json', JSON.stringify(reference));
    expect(await importCommand([file], t.db)).toMatch(/^Importen är klar: 1 nya/);
    expect(await importCommand(['kumla.json'], t.db, dir)).toMatch(/0 nya och 1 uppdaterade/);
    expect(await counts()).toMatchObject({ matches: 1 });
  });

  it('reports a rejected file with every problem, an unreadable file and bad usage', async () => {
    const broken = write('broken.json', JSON.stringify(withMatch({ home: 'okand' })));
    await expect(importCommand([broken], t.db)).rejects.toThrow(
      /avvisades, inget importerades \(1 fel\):\nmatches\[0\] \(reference-kumla-vastervik-37-53\): home: okänt lag/,
    );
    await expect(importCommand([write('x.json', '{ nope')], t.db)).rejects.toThrow(/x\.json: /);
    await expect(importCommand([path.join(dir, 'missing.json')], t.db)).rejects.toThrow(
      /missing\.json: ENOENT/,
    );
    await expect(importCommand([], t.db)).rejects.toThrow('Usage: npm run import -- FILE.json');
    expect(await counts()).toMatchObject({ matches: 0 });
  });

  it('refuses text PostgreSQL cannot store (NUL, lone surrogates), naming the match and field', async () => {
    const lineups = referenceMatch.lineups!;
    for (const [name, bad, where] of [
      ['nul.json', 'Nils\\u0000son', 'lineups.home.1'],
      ['surrogate.json', 'Nils\\ud800son', 'lineups.home.1'],
    ] as const) {
      const doc = withMatch({
        lineups: { ...lineups, home: { ...lineups.home, '1': 'PLACEHOLDER' } },
      });
      // Written as JSON escapes, as a file from a source would carry them.
      const file = write(name, JSON.stringify(doc).replace('PLACEHOLDER', bad));
      await expect(importCommand([file], t.db)).rejects.toThrow(
        `avvisades, inget importerades (1 fel):\nmatches[0] (reference-kumla-vastervik-37-53): ${where}: Texten innehåller otillåtna tecken`,
      );
    }
    const badId = write('id.json', JSON.stringify(withMatch({ external_id: 'x\u0000y' })));
    await expect(importCommand([badId], t.db)).rejects.toThrow(
      'matches[0] (x\uFFFDy): external_id: Texten innehåller otillåtna tecken',
    );
    expect(await counts()).toEqual({ teams: 0, riders: 0, matches: 0, results: 0 });
  });

  it('runs as its own process against a database while no server runs', async () => {
    const [{ name }] = (
      await t.db.execute<{ name: string }>(sql`SELECT current_database() AS name`)
    ).rows as [{ name: string }];
    const url = new URL(inject('pgServerUrl'));
    url.pathname = `/${name}`;
    const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
    const file = write('cli.json', JSON.stringify(syntheticKlassisk()));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', 'src/cli/main.ts', 'import', file],
      { cwd: serverDir, env: { ...process.env, DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' } },
    );
    expect(stdout).toMatch(
      /Importen är klar: 1 nya och 0 uppdaterade matcher, 1 resultat, 2 nya lag/,
    );
    expect(await counts()).toEqual({ teams: 2, riders: 14, matches: 1, results: 1 });
  });
});
