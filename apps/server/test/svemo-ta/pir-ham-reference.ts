import type { OfficialDataDocument } from '@speedway/contracts';
import { parseScorecard } from '../../src/features/official/svemo-ta/scorecard-page';
import { scorecardToMatch } from '../../src/features/official/svemo-ta/scorecard-to-match';
import type { ReferenceDocument } from '../official-data';
import { savedPages } from './saved-pages';

/**
 * Piraterna 56–34 Hammarby as the sync reads it off the saved TA scorecard, with what the page
 * says independently of that reading: the running score (its `TeamCaptain` rows), each rider's
 * points (its `S:a` column) and bonus counted by hand from the placings it shows.
 */
export function pirHamReference(): ReferenceDocument {
  const converted = scorecardToMatch(
    parseScorecard(savedPages.pirHam()),
    { home: 'piraterna', away: 'hammarby' },
    { date: null, competitionId: 1259, season: 2012 },
  );
  if (!converted.ok) throw new Error(converted.reason);
  const home = [4, 6, 11, 16, 21, 26, 27, 32, 35, 40, 41, 45, 48, 51, 56];
  const away = [2, 6, 7, 8, 9, 10, 15, 16, 19, 20, 25, 27, 30, 33, 34];
  const doc: OfficialDataDocument = {
    format: 'speedway-official/1',
    teams: [
      { slug: 'piraterna', name: 'Piraterna', short: 'PIR' },
      { slug: 'hammarby', name: 'Hammarby', short: 'HAM' },
    ],
    matches: [converted.match],
  };
  return {
    ...(doc as ReferenceDocument),
    expected: {
      running_score_after_heat: Object.fromEntries(
        home.map((h, i) => [String(i + 1), `${h}-${away[i]}`]),
      ),
      rider_lines: {},
      rider_points: {
        home: { '1': 10, '2': 12, '3': 0, '4': 12, '5': 6, '6': 8, '7': 8 },
        away: { '1': 8, '2': 0, '3': 5, '4': 6, '5': 3, '6': 6, '7': 6 },
      },
      rider_bonus: {
        home: { '1': 1, '2': 2, '3': 0, '4': 2, '5': 1, '6': 0, '7': 2 },
        away: { '1': 1, '2': 0, '3': 2, '4': 0, '5': 0, '6': 0, '7': 1 },
      },
    },
  };
}
