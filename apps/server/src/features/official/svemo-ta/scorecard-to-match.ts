import type { OfficialHeat, OfficialLineup, OfficialMatchImport } from '@speedway/contracts';
import {
  fitRulebooks,
  HEATS_PER_MATCH,
  RESULT_CODES,
  rulebookForSeason,
  type ProgrammedRide,
  type RulebookId,
  type Side,
} from '@speedway/rules';
import { startOfDay } from './match-time';
import type { ScorecardPage, TaCell, TaTeam } from './scorecard-page';
import { riddenHeats, sumsDisagreement } from './scorecard-checks';

// A scorecard page as the import model files use (speedway-official/1), or the reason it is
// refused. Pure: the teams' slugs are resolved by the caller (team-names mapping).

export const externalIdOf = (competitionId: number) => `svemo-ta-${competitionId}`;

/** Codes for a rider excluded from the heat (no position); F and R are a fall and a stop. */
const EXCLUDED = new Set(['X', 'FX', 'TT', 'M', 'N', 'FN']);
const NOT_FINISHED = new Set(['F', 'R']);
type Code = NonNullable<OfficialHeat['riders'][number]['code']>;
const CODES = new Set<string>(RESULT_CODES);

export type ConvertedMatch =
  | { ok: true; match: OfficialMatchImport; state: 'coming' | 'under-way' | 'finished' }
  | { ok: false; reason: string };

/** `replacedCode`: what the programmed rider's own cell shows (RR for a rider replacement). */
type Ride = { team: Side; no: number; cell: TaCell; replaces?: number; replacedCode?: string };

const refuse = (reason: string): ConvertedMatch => ({ ok: false, reason });
const SIDE_LETTER: Record<Side, 'H' | 'A'> = { home: 'H', away: 'A' };

/** The rides the page shows as programmed (upper row), whoever rode them. */
export function programmedRides(teams: Record<Side, TaTeam>): ProgrammedRide[] {
  return (['home', 'away'] as const).flatMap((team) =>
    teams[team].riders.flatMap((rider) =>
      rider.cells
        .filter((cell) => cell.programmed && cell.gate !== null)
        .map((cell) => ({
          heat: cell.heat,
          gate: cell.gate!,
          team,
          lineup_no: rider.no,
          ...(cell.helmet ? { helmet: cell.helmet } : {}),
        })),
    ),
  );
}

function chooseRulebook(
  teams: Record<Side, TaTeam>,
  season: number,
): { ok: true; rulebook: RulebookId } | { ok: false; reason: string } {
  const fits = fitRulebooks(programmedRides(teams));
  const agree = fits.filter((fit) => fit.disagreement === null).map((fit) => fit.rulebook);
  if (agree.length === 0) {
    return {
      ok: false,
      reason:
        'sidans programmerade förare stämmer inte med någon tävlingsform: ' +
        fits.map((fit) => `${fit.rulebook}: ${fit.disagreement}`).join('; '),
    };
  }
  const preferred = rulebookForSeason(season);
  return { ok: true, rulebook: agree.includes(preferred) ? preferred : agree[0]! };
}

/** The riders of one heat, the cells of one gate paired: who rode it, and whom he replaced. */
function heatRides(
  teams: Record<Side, TaTeam>,
  heat: number,
): { ok: true; rides: Ride[] } | { ok: false; reason: string } {
  const byGate = new Map<number, { team: Side; no: number; cell: TaCell }[]>();
  for (const team of ['home', 'away'] as const) {
    for (const rider of teams[team].riders) {
      for (const cell of rider.cells.filter((c) => c.heat === heat)) {
        if (cell.gate === null)
          return {
            ok: false,
            reason: `heat ${heat}, ${teams[team].name} nr ${rider.no}: spår saknas`,
          };
        byGate.set(cell.gate, [...(byGate.get(cell.gate) ?? []), { team, no: rider.no, cell }]);
      }
    }
  }
  const rides: Ride[] = [];
  for (const [gate, cells] of [...byGate].sort(([a], [b]) => a - b)) {
    const riding = cells.filter((c) => !c.cell.programmed);
    const programmed = cells.filter((c) => c.cell.programmed);
    if (riding.length > 1 || programmed.length > 1) {
      return {
        ok: false,
        reason: `heat ${heat} spår ${gate}: sidan visar flera förare på samma spår`,
      };
    }
    const rider = riding[0] ?? programmed[0]!;
    const replaced = riding[0] ? programmed[0] : undefined;
    if (replaced && replaced.team !== rider.team) {
      return { ok: false, reason: `heat ${heat} spår ${gate}: ersättaren kör för fel lag` };
    }
    const replacedCode =
      replaced?.cell.result && 'code' in replaced.cell.result
        ? replaced.cell.result.code
        : undefined;
    rides.push({
      ...rider,
      ...(replaced ? { replaces: replaced.no } : {}),
      ...(replacedCode ? { replacedCode } : {}),
    });
  }
  return { ok: true, rides };
}

function officialHeat(
  teams: Record<Side, TaTeam>,
  heat: number,
): { ok: true; heat: OfficialHeat } | { ok: false; reason: string } {
  const found = heatRides(teams, heat);
  if (!found.ok) return found;
  const fourth = found.rides.some(
    (ride) => ride.cell.result && 'points' in ride.cell.result && ride.cell.result.points === 0,
  );
  let fourthTaken = fourth;
  const riders: OfficialHeat['riders'] = [];
  for (const ride of found.rides) {
    const result = ride.cell.result;
    const base = {
      gate: ride.cell.gate!,
      team: SIDE_LETTER[ride.team],
      no: ride.no,
      ...(ride.cell.helmet ? { helmet: ride.cell.helmet } : {}),
      ...(ride.replaces !== undefined ? { replaces: ride.replaces } : {}),
    };
    if (!result) return { ok: false, reason: `heat ${heat} spår ${base.gate}: resultat saknas` };
    if ('points' in result) {
      if (result.points > 3)
        return {
          ok: false,
          reason: `heat ${heat} spår ${base.gate}: ${result.points} poäng är fler än ett heat ger`,
        };
      riders.push({
        ...base,
        position: (4 - result.points) as 1 | 2 | 3 | 4,
        status: 'completed',
        // A rider replacement keeps Svemo's RR on the ride, as the format's files write it.
        ...(ride.replacedCode === 'RR' ? { code: 'RR' as const } : {}),
      });
      continue;
    }
    if (!CODES.has(result.code))
      return { ok: false, reason: `heat ${heat} spår ${base.gate}: okänd kod ${result.code}` };
    const code = result.code as Code;
    // A fall or a stop without exclusion is last with 0 points; a second one in the heat has no
    // place left that scores 0, and is counted as out of the heat (0 points either way).
    if (NOT_FINISHED.has(code) && !fourthTaken) {
      fourthTaken = true;
      riders.push({ ...base, position: 4, status: 'completed', code });
    } else if (EXCLUDED.has(code) || NOT_FINISHED.has(code)) {
      riders.push({ ...base, position: 0, status: 'excluded', code });
    } else {
      return { ok: false, reason: `heat ${heat} spår ${base.gate}: koden ${code} är ingen åkning` };
    }
  }
  const score = [teams.home.heatScores[heat - 1]!, teams.away.heatScores[heat - 1]!] as [
    number,
    number,
  ];
  return { ok: true, heat: { heat, riders, heat_score: score } };
}

const lineupOf = (team: TaTeam): OfficialLineup =>
  Object.fromEntries(
    team.riders.filter((rider) => rider.name).map((rider) => [String(rider.no), rider.name]),
  );

export type MatchTeams = Record<Side, string>;

/**
 * The match of a scorecard, with the teams' slugs given. Refused, naming the place: a page that
 * disagrees with its own sums, a heat-16 column, programmed rides no rulebook has, a heat the
 * rules engine cannot take (checked by the import).
 */
export function scorecardToMatch(
  page: ScorecardPage,
  slugs: MatchTeams,
  fallback: { date: string | null; competitionId: number; season: number },
): ConvertedMatch {
  if (page.heatColumns > HEATS_PER_MATCH) {
    return refuse(
      `sidan har ${page.heatColumns} heat; heat ${HEATS_PER_MATCH + 1} (ett avgörande heat) finns ` +
        'inte i någon tävlingsform i appen än',
    );
  }
  const [home, away] = page.teams;
  const date = page.title.date ?? fallback.date;
  const base: OfficialMatchImport = {
    external_id: externalIdOf(page.competitionId ?? fallback.competitionId),
    competition: page.title.competition,
    season: date ? Number(date.slice(0, 4)) : fallback.season,
    ...(page.title.round !== null ? { round: page.title.round } : {}),
    start: date ? startOfDay(date) : null,
    home: slugs.home,
    away: slugs.away,
    ...(page.attendance !== null ? { attendance: page.attendance } : {}),
  };
  if (!home || !away) return { ok: true, match: base, state: 'coming' };
  const teams = { home, away };
  const disagreement = sumsDisagreement(page);
  if (disagreement) return refuse(`sidan stämmer inte med sina egna summor: ${disagreement}`);
  const rulebook = chooseRulebook(teams, base.season!);
  if (!rulebook.ok) return refuse(rulebook.reason);
  const lineups = { home: lineupOf(home), away: lineupOf(away) };
  const match: OfficialMatchImport = {
    ...base,
    rulebook: rulebook.rulebook,
    ...(Object.keys(lineups.home).length + Object.keys(lineups.away).length > 0 ? { lineups } : {}),
  };
  const ridden = riddenHeats(page);
  if (ridden.length < HEATS_PER_MATCH) {
    return { ok: true, match, state: ridden.length === 0 ? 'coming' : 'under-way' };
  }
  const heats: OfficialHeat[] = [];
  for (const n of ridden) {
    const heat = officialHeat(teams, n);
    if (!heat.ok) return refuse(heat.reason);
    heats.push(heat.heat);
  }
  const score = (team: TaTeam) =>
    page.scores.find((s) => s.name === team.name)?.score ??
    team.runningScores[HEATS_PER_MATCH - 1]!;
  return {
    ok: true,
    state: 'finished',
    match: { ...match, result: { home_score: score(home), away_score: score(away), heats } },
  };
}
