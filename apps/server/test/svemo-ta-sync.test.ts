import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { officialSourcePages, officialSyncRuns } from '../src/db/schema';
import { userWithRole } from './official-data';
import { api } from './protocol-api';
import {
  listWithDate,
  riddenUpTo,
  withDate,
  withHeat16,
  withIdentity,
  withoutLineups,
  withPoints,
} from './svemo-ta/derived-pages';
import { PIR_HAM_ID, savedPages } from './svemo-ta/saved-pages';
import { serve2012, storedMatch, syncOnce, taTestBed } from './svemo-ta/sync-harness';

// The sync against a loopback stand-in for Svemo TA serving the real saved 2012 pages.

const bed = taTestBed();
let token: string;
beforeAll(async () => {
  token = await userWithRole(bed.t, 'ta-fan@example.se', 'user');
});
beforeEach(async () => {
  bed.standIn.faults.clear();
  bed.standIn.requests.length = 0;
  // Each test starts from TA as the sync has never seen it.
  await bed.t.db.delete(officialSourcePages);
  await bed.t.db.delete(officialSyncRuns);
});

/** Riders' points and bonus in the stored official result, by team and line-up number. */
async function officialRiderTotals(externalId: string) {
  const list = (await api(bed.t, token)('GET', '/api/official-matches?season=2012')).json() as {
    id: string;
    external_id: string;
  }[];
  const id = list.find((m) => m.external_id === externalId)!.id;
  const detail = (await api(bed.t, token)('GET', `/api/official-matches/${id}`)).json();
  const totals: Record<string, [number, number]> = {};
  for (const side of ['home', 'away'] as const) {
    for (const rider of detail.lineups[side] as { rider_id: string; lineup_no: number }[]) {
      const results = (
        detail.result.heats as {
          results: { rider_id: string; points: number; bonus_points: number }[];
        }[]
      )
        .flatMap((heat) => heat.results)
        .filter((r) => r.rider_id === rider.rider_id);
      totals[`${side[0]}${rider.lineup_no}`] = [
        results.reduce((s, r) => s + r.points, 0),
        results.reduce((s, r) => s + r.bonus_points, 0),
      ];
    }
  }
  return { detail, totals };
}

describe('a sync against TA on loopback', () => {
  it('imports Piraterna–Hammarby exactly; page 2 of the list only by the post-back', async () => {
    serve2012(bed.standIn, { [PIR_HAM_ID]: savedPages.pirHam() });
    const { run, byId, lines } = await syncOnce(bed.ctx, bed.standIn);
    expect(run).toMatchObject({
      status: 'done',
      counts: { seen: 66, imported: 1, updated: 0, unchanged: 0, refused: 65 },
    });
    expect(byId('svemo-ta-1259')).toMatchObject({
      outcome: 'imported',
      title: '2012-07-24 Elitserien Omgång 11 Pir - Ham',
    });
    // Matches TA has no scorecard for here are refused alone, with the reason.
    expect(byId('svemo-ta-1217')).toMatchObject({
      outcome: 'refused',
      reason: 'matchsidan kunde inte läsas: Svemo TA svarade HTTP 404',
    });
    expect(lines.filter((line) => line.externalId === null)).toHaveLength(1);

    const lists = bed.standIn.requests.filter((r) =>
      r.url.toLowerCase().startsWith('/public/pages/competition/events.aspx'),
    );
    expect(lists.map((r) => r.method)).toEqual(['GET', 'POST']);
    const form = new URLSearchParams(lists[1]!.body);
    expect(form.get('__EVENTTARGET')).toBe(
      'ctl00$Body$ucCompetitionList$RadGrid1$ctl00$ctl03$ctl01$ctl10',
    );
    expect(form.get('__VIEWSTATE')).toHaveLength(75544);
    // Polite: one request at a time, naming the app, in Swedish, never a session cookie.
    expect(bed.standIn.maxInFlight()).toBe(1);
    for (const request of bed.standIn.requests) {
      expect(request.headers['user-agent']).toBe('SpeedwayElitserien/1.0 (+http://app.test)');
      expect(request.headers.cookie).toBe('Svemo.TA.Language.SelectedLanguage=sv-se');
    }

    const { detail, totals } = await officialRiderTotals('svemo-ta-1259');
    expect(detail).toMatchObject({
      home_team: 'Piraterna',
      away_team: 'Hammarby',
      home_short: 'PIR',
      away_short: 'HAM',
      home_score: 56,
      away_score: 34,
      round: 11,
      season: 2012,
      rulebook: 'elitserien-klassisk',
      start: '2012-07-24T17:00:00.000Z',
      status: 'completed',
    });
    expect(detail.result.heats).toHaveLength(15);
    // Points as the page's S:a; bonus counted by hand from the page's placings.
    expect(totals).toEqual({
      h1: [10, 1],
      h2: [12, 2],
      h3: [0, 0],
      h4: [12, 2],
      h5: [6, 1],
      h6: [8, 0],
      h7: [8, 2],
      a1: [8, 1],
      a2: [0, 0],
      a3: [5, 2],
      a4: [6, 0],
      a5: [3, 0],
      a6: [6, 0],
      a7: [6, 1],
    });
    expect((await storedMatch(bed.t, 'svemo-ta-1259'))!.attendance).toBe(2887);
  });

  it('a page unchanged since the last run writes nothing (a conditional GET answers 304)', async () => {
    serve2012(bed.standIn, { [PIR_HAM_ID]: savedPages.pirHam() });
    await syncOnce(bed.ctx, bed.standIn);
    const before = await storedMatch(bed.t, 'svemo-ta-1259');
    bed.standIn.requests.length = 0;
    const { run, byId } = await syncOnce(bed.ctx, bed.standIn);
    expect(byId('svemo-ta-1259')!.outcome).toBe('unchanged');
    expect(run.counts).toMatchObject({ imported: 0, updated: 0, unchanged: 1 });
    const scorecard = bed.standIn.requests.find((r) =>
      r.url.includes(`CompetitionId=${PIR_HAM_ID}`),
    )!;
    expect(scorecard.headers['if-none-match']).toMatch(/^".+"$/);
    expect((await storedMatch(bed.t, 'svemo-ta-1259'))!.updatedAt).toEqual(before!.updatedAt);
  });

  it('waits out 500s and slow answers; refuses a page that never comes, and one that does not add up', async () => {
    serve2012(bed.standIn, {
      1222: withIdentity(savedPages.pirHam(), 1222),
      1217: withIdentity(savedPages.pirHam(), 1217),
      1218: withIdentity(savedPages.pirHam(), 1218),
      1219: withIdentity(withPoints(savedPages.pirHam(), 0, 1, 7, 2), 1219),
    });
    bed.standIn.faults.set(1222, { status500Times: 2 });
    bed.standIn.faults.set(1217, { delayMs: 400 });
    bed.standIn.faults.set(1218, { hang: true });
    const { byId } = await syncOnce(bed.ctx, bed.standIn, { timeoutMs: 1000, retries: 2 });
    expect(byId('svemo-ta-1222')!.outcome).toBe('imported');
    expect(byId('svemo-ta-1217')!.outcome).toBe('imported');
    expect(byId('svemo-ta-1218')).toMatchObject({
      outcome: 'refused',
      reason: 'matchsidan kunde inte läsas: Svemo TA svarade inte inom 1 s',
    });
    expect(byId('svemo-ta-1219')).toMatchObject({
      outcome: 'refused',
      reason:
        'sidan stämmer inte med sina egna summor: heat 7, Piraterna: lagets heatpoäng 1 stämmer inte med förarnas poäng 2',
    });
    expect(await storedMatch(bed.t, 'svemo-ta-1219')).toBeUndefined();
    // Three tries of the scorecard that answered 500 twice.
    expect(bed.standIn.requests.filter((r) => r.url.includes('CompetitionId=1222'))).toHaveLength(
      3,
    );
  });

  it('refuses a heat-16 page with its reason', async () => {
    serve2012(bed.standIn, { 1220: withIdentity(withHeat16(savedPages.pirHam()), 1220) });
    const { byId } = await syncOnce(bed.ctx, bed.standIn);
    expect(byId('svemo-ta-1220')).toMatchObject({
      outcome: 'refused',
      reason:
        'sidan har 16 heat; heat 16 (ett avgörande heat) finns inte i någon tävlingsform i appen än',
    });
  });

  it('follows a match from before its line-ups to its result, and a moved date', async () => {
    const id = 1221;
    const page = (html: string) => withIdentity(html, id);
    serve2012(bed.standIn, { [id]: page(withoutLineups(savedPages.pirHam())) });
    expect((await syncOnce(bed.ctx, bed.standIn)).byId(`svemo-ta-${id}`)!.outcome).toBe('imported');
    let row = await storedMatch(bed.t, `svemo-ta-${id}`);
    expect(row!.lineups).toEqual({ home: [], away: [] });

    // Line-ups out, nothing ridden: a coming match with its line-ups.
    bed.standIn.scorecards.set(id, page(riddenUpTo(savedPages.pirHam(), 0)));
    expect((await syncOnce(bed.ctx, bed.standIn)).byId(`svemo-ta-${id}`)!.outcome).toBe('updated');
    row = await storedMatch(bed.t, `svemo-ta-${id}`);
    expect(row!.lineups.home.map((r) => r.name)).toContain('Chris Holder');
    const summary = () =>
      api(bed.t, token)('GET', '/api/official-matches?season=2012').then((res) =>
        (
          res.json() as {
            external_id: string;
            home_score: number | null;
            start: string;
            lineups_ready: boolean;
          }[]
        ).find((m) => m.external_id === `svemo-ta-${id}`)!,
      );
    expect(await summary()).toMatchObject({ lineups_ready: true, home_score: null });

    // Under way: eight heats ridden, still no official result.
    bed.standIn.scorecards.set(id, page(riddenUpTo(savedPages.pirHam(), 8)));
    expect((await syncOnce(bed.ctx, bed.standIn)).byId(`svemo-ta-${id}`)!.outcome).toBe('updated');
    expect(await summary()).toMatchObject({ home_score: null });

    // Postponed a week: the list and the scorecard say so, and the match moves.
    bed.standIn.lists.set(2012, [
      listWithDate(savedPages.listPage1(), id, '2012-05-08'),
      savedPages.listPage2(),
    ]);
    bed.standIn.scorecards.set(
      id,
      page(withDate(riddenUpTo(savedPages.pirHam(), 0), '2012-07-31')),
    );
    expect((await syncOnce(bed.ctx, bed.standIn)).byId(`svemo-ta-${id}`)!.outcome).toBe('updated');
    expect((await summary()).start).toBe('2012-07-31T17:00:00.000Z');

    // Ridden: the result arrives.
    bed.standIn.scorecards.set(id, page(withDate(savedPages.pirHam(), '2012-07-31')));
    expect((await syncOnce(bed.ctx, bed.standIn)).byId(`svemo-ta-${id}`)!.outcome).toBe('updated');
    expect(await summary()).toMatchObject({ home_score: 56 });
  });

  it('a list that cannot be read fails the run, saying why', async () => {
    bed.standIn.lists.clear();
    const { run } = await syncOnce(bed.ctx, bed.standIn, { retries: 0 });
    expect(run).toMatchObject({
      status: 'failed',
      error: 'Matchlistan för 2012 kunde inte läsas: Svemo TA svarade HTTP 404.',
    });
  });
});
