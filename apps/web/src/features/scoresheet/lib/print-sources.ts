import type { Match, SavedMatch } from '@speedway/contracts';
import { scoresheetSourceOf } from '@speedway/rules';
import type { PrintSource } from './print-scoresheet';

// What 'Skriv ut' prints, from the data the page already has (offline too). A protocol carries
// no referee: the route passes the one of its official match, as the server's PDF has it
// (apps/server/src/features/scoresheet/scoresheet.service.ts).

/** A protocol as the protocol page shows it (unsent changes included). */
export function printSourceOfMatch(match: Match, referee: string | null = null): PrintSource {
  return scoresheetSourceOf({ ...match, rulebook: match.meta.rules.rulebook }, referee);
}

/** A saved protocol as its detail page shows it (its own results). */
export function printSourceOfSaved(saved: SavedMatch, referee: string | null = null): PrintSource {
  return scoresheetSourceOf(
    {
      ...saved.match_details,
      lineups: saved.lineups,
      heats: saved.user_results.heats,
    },
    referee,
  );
}
