import {
  MAX_MIN_HEATS,
  type RiderSeasonLineReply,
  type RiderSort,
  type StatsTeamRef,
} from '@speedway/contracts';
import { rankRiders } from '@speedway/rules';

/** What /statistik sorts and filters by, kept in the address (?sort=&team=&min_heats=). */
export type RankingView = { sort: RiderSort; team_id?: string; min_heats?: number };

/**
 * The ranking as the server would answer GET /api/stats/riders?sort=&team_id=&min_heats=: the same
 * function (rankRiders) on the season's whole list, which the page asked for once. The engine
 * names a rider's teams by id; the reply's lines are given back, teams and all.
 */
export function rankLines(
  lines: readonly RiderSeasonLineReply[],
  view: RankingView,
): RiderSeasonLineReply[] {
  const byId = new Map(lines.map((line) => [line.rider_id, line]));
  const ranked = rankRiders(
    lines.map((line) => ({ ...line, team_ids: line.teams.map((team) => team.id) })),
    view,
  );
  return ranked.flatMap((line) => byId.get(line.rider_id) ?? []);
}

/** Every team a rider of the list rode for, by name: the team filter's choices. */
export function teamsOf(lines: readonly RiderSeasonLineReply[]): StatsTeamRef[] {
  const teams = new Map<string, StatsTeamRef>();
  for (const line of lines) for (const team of line.teams) teams.set(team.id, team);
  return [...teams.values()].sort((a, b) => a.name.localeCompare(b.name, 'sv-SE'));
}

export const MIN_HEATS_MESSAGE = `Minsta antal heat ska vara ett heltal mellan 0 och ${MAX_MIN_HEATS}.`;

/**
 * The minimum-heats field's text as a filter: empty is no filter; a whole number 0–200 is one;
 * anything else is the field's error, and the list keeps the filter it had.
 */
export function parseMinHeats(
  text: string,
): { ok: true; value: number | undefined } | { ok: false; message: string } {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: undefined };
  if (!/^\d{1,3}$/.test(trimmed) || Number(trimmed) > MAX_MIN_HEATS) {
    return { ok: false, message: MIN_HEATS_MESSAGE };
  }
  return { ok: true, value: Number(trimmed) };
}
