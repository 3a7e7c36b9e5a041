import { HEATS_PER_MATCH } from '@speedway/rules';
import type { ScorecardPage, TaTeam } from './scorecard-page';

// A scorecard must agree with its own sums before anything of it is imported: each heat's rider
// points make the team's heat score, those make the running score, each rider's points make his
// S:a, and the last running score is the result in the header. The first disagreement is named.

const pointsOf = (team: TaTeam, heat: number) =>
  team.riders.reduce(
    (sum, rider) =>
      sum +
      rider.cells.reduce(
        (s, cell) =>
          s +
          (cell.heat === heat && cell.result && 'points' in cell.result ? cell.result.points : 0),
        0,
      ),
    0,
  );

/** Heats both teams have a heat score for: the heats ridden so far. */
export function riddenHeats(page: ScorecardPage): number[] {
  const [home, away] = page.teams;
  if (!home || !away) return [];
  const heats: number[] = [];
  for (let heat = 1; heat <= page.heatColumns; heat++) {
    if (home.heatScores[heat - 1] != null && away.heatScores[heat - 1] != null) heats.push(heat);
  }
  return heats;
}

/** The first place the page disagrees with its own sums (Swedish), or null. */
export function sumsDisagreement(page: ScorecardPage): string | null {
  const heats = riddenHeats(page);
  for (const team of page.teams) {
    let running = 0;
    for (const heat of heats) {
      const given = team.heatScores[heat - 1]!;
      const counted = pointsOf(team, heat);
      if (given !== counted) {
        return `heat ${heat}, ${team.name}: lagets heatpoäng ${given} stämmer inte med förarnas poäng ${counted}`;
      }
      running += given;
      const shown = team.runningScores[heat - 1];
      if (shown !== running) {
        return `heat ${heat}, ${team.name}: ställningen ${shown ?? '(saknas)'} stämmer inte med heatpoängen, som ger ${running}`;
      }
    }
    for (const rider of team.riders) {
      const counted = rider.cells.reduce(
        (sum, cell) => sum + (cell.result && 'points' in cell.result ? cell.result.points : 0),
        0,
      );
      if (rider.sum !== null && rider.sum !== counted) {
        return `${team.name}, nr ${rider.no} ${rider.name}: S:a ${rider.sum} stämmer inte med heatens poäng ${counted}`;
      }
    }
    if (heats.length === HEATS_PER_MATCH) {
      const final = page.scores.find((score) => score.name === team.name)?.score;
      if (final !== running) {
        return `${team.name}: slutresultatet ${final ?? '(saknas)'} stämmer inte med ställningen efter heat ${HEATS_PER_MATCH}, ${running}`;
      }
    }
  }
  return null;
}
