import { describe, expect, it } from 'vitest';
import type { TaListRow } from '../src/features/official/svemo-ta/match-list-page';
import { parseScorecard } from '../src/features/official/svemo-ta/scorecard-page';
import type { TaSource } from '../src/features/official/svemo-ta/ta-source';
import { parseTitle } from '../src/features/official/svemo-ta/title';
import { claimRun, executeRun } from '../src/features/official/sync/sync.service';
import { withDate, withIdentity } from './svemo-ta/derived-pages';
import { savedPages } from './svemo-ta/saved-pages';
import { taTestBed } from './svemo-ta/sync-harness';

// A match night's runs look at the matches around today, new ones and moved ones, not the season.

const bed = taTestBed();

/** A source in memory: the list's dates as given, each scorecard the saved one on that date. */
function source(dates: Record<number, string>, missing: Set<number>) {
  const asked: number[] = [];
  const row = (id: number): TaListRow => ({
    competitionId: id,
    date: dates[id]!,
    title: parseTitle('Elitserien Omgång 11 Pir - Ham'),
    scorecardHref: null,
  });
  const ta: TaSource = {
    origin: 'memory',
    listMatches: async () => [
      ...Object.keys(dates).map((id) => row(Number(id))),
      {
        competitionId: null,
        date: '2012-06-01',
        title: parseTitle('Elitserien Omgång 2 Pir - Val'),
        scorecardHref: null,
      },
    ],
    scorecard: async (listed) => {
      const id = listed.competitionId!;
      asked.push(id);
      if (missing.has(id)) return { status: 'failed', url: null, reason: 'saknas' };
      const page = parseScorecard(withIdentity(withDate(savedPages.pirHam(), listed.date!), id));
      return { status: 'ok', url: `memory:${id}`, page, etag: null, lastModified: null };
    },
    unlisted: async () => [],
  };
  return { ta, asked };
}

async function run(ta: TaSource, scope: 'all' | 'near', now: Date) {
  const id = (await claimRun(bed.ctx, { trigger: 'command', origin: 'memory', seasons: [2012] }))!;
  return executeRun(bed.ctx, id, { source: ta, seasons: [2012], series: 'Elitserien', scope, now });
}

describe('the scope of a match night run', () => {
  it('reads tonight’s and nearby matches, new ones and moved ones; not the rest of the season', async () => {
    const now = new Date('2012-07-24T20:00:00+02:00');
    const first = source(
      { 3001: '2012-07-24', 3002: '2012-06-01', 3003: '2012-06-01', 3004: '2012-06-05' },
      new Set([3003]),
    );
    expect((await run(first.ta, 'all', now)).counts).toMatchObject({
      seen: 5,
      imported: 3,
      refused: 2,
    });

    // 3004 moved to the 27th; 3003 was never imported; 3002 is long past and stays as it is.
    const night = source(
      { 3001: '2012-07-24', 3002: '2012-06-01', 3003: '2012-06-01', 3004: '2012-07-27' },
      new Set([3003]),
    );
    const result = await run(night.ta, 'near', now);
    expect(night.asked.sort()).toEqual([3001, 3003, 3004]);
    expect(result.counts).toMatchObject({ seen: 3, unchanged: 1, updated: 1, refused: 1 });
  });
});
