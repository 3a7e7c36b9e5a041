import type { Match, SavedMatch } from '@speedway/contracts';
import { scoresheetSourceOf } from '@speedway/rules';
import type { PrintSource } from './print-scoresheet';

// What 'Skriv ut' prints, from the data the page already has (offline too). A protocol carries
// no referee; the server's PDF adds it from the official match.

/** A protocol as the protocol page shows it (unsent changes included). */
export function printSourceOfMatch(match: Match): PrintSource {
  return scoresheetSourceOf({ ...match, rulebook: match.meta.rules.rulebook });
}

/** A saved protocol as its detail page shows it (its own results). */
export function printSourceOfSaved(saved: SavedMatch): PrintSource {
  return scoresheetSourceOf({
    ...saved.match_details,
    lineups: saved.lineups,
    heats: saved.user_results.heats,
  });
}
