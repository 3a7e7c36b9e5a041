import type { Match, SavedMatch } from '@speedway/contracts';
import type { PrintSource } from './print-scoresheet';

// What 'Skriv ut' prints, from the data the page already has (offline too). The referee is not
// part of a protocol's data here; the server's PDF adds it from the official match.

/** A protocol as the protocol page shows it (unsent changes included). */
export function printSourceOfMatch(match: Match): PrintSource {
  return {
    sheet: { rulebook: match.meta.rules.rulebook, lineups: match.lineups, heats: match.heats },
    details: {
      home_team: match.home_team,
      away_team: match.away_team,
      date: match.date,
      venue: match.venue,
      competition: match.competition,
      round: match.round,
      referee: null,
    },
  };
}

/** A saved protocol as its detail page shows it (its own results). */
export function printSourceOfSaved(saved: SavedMatch): PrintSource {
  const details = saved.match_details;
  return {
    sheet: { rulebook: details.rulebook, lineups: saved.lineups, heats: saved.user_results.heats },
    details: {
      home_team: details.home_team,
      away_team: details.away_team,
      date: details.date,
      venue: details.venue,
      competition: details.competition,
      round: details.round,
      referee: null,
    },
  };
}
