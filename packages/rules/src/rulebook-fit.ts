import { getRulebook, programmedGates, RULEBOOK_IDS, type RulebookId } from './rulebooks';
import { LANES, type Helmet, type Side } from './types';

// Which rulebook a published scorecard was ridden under, told by the scorecard itself: the riders
// it shows as programmed, heat by heat and gate by gate, must be a rulebook's programme.

/** A programmed ride as a scorecard shows it (whoever then rode it). */
export interface ProgrammedRide {
  heat: number;
  gate: number;
  team: Side;
  lineup_no: number;
  helmet?: Helmet;
}

/** A rulebook and the first place the scorecard disagrees with it, if any. */
export interface RulebookFit {
  rulebook: RulebookId;
  /** Swedish; null when every programmed ride on the page is the rulebook's. */
  disagreement: string | null;
}

const TEAM_LABEL: Record<Side, string> = { home: 'hemmalagets', away: 'bortalagets' };

function describe(team: Side, no: number, helmet?: Helmet): string {
  return `${TEAM_LABEL[team]} nr ${no}${helmet ? ` (${helmet})` : ''}`;
}

function disagreement(id: RulebookId, rides: readonly ProgrammedRide[]): string | null {
  const rulebook = getRulebook(id);
  const heats = [...new Set(rides.map((ride) => ride.heat))].sort((a, b) => a - b);
  for (const heat of heats) {
    const gates = programmedGates(rulebook, heat);
    const inHeat = rides.filter((ride) => ride.heat === heat);
    if (!gates) {
      return rulebook.nominated_heats.includes(heat)
        ? `heat ${heat} är nominerat i ${id}, men sidan visar programmerade förare i det`
        : `${id} har inget heat ${heat}`;
    }
    for (const lane of LANES) {
      const want = gates[lane];
      const onPage = inHeat.filter((ride) => String(ride.gate) === lane);
      const fits = onPage.some(
        (ride) =>
          ride.team === want.team &&
          ride.lineup_no === want.lineup_no &&
          (ride.helmet === undefined || ride.helmet === want.helmet_color),
      );
      if (!fits) {
        const shown = onPage[0];
        return (
          `heat ${heat} spår ${lane}: ${id} programmerar ` +
          `${describe(want.team, want.lineup_no, want.helmet_color)}, sidan visar ` +
          (shown
            ? describe(shown.team, shown.lineup_no, shown.helmet)
            : 'ingen programmerad förare')
        );
      }
    }
  }
  return null;
}

/** Every rulebook with where (if anywhere) the programmed rides disagree with it. */
export function fitRulebooks(rides: readonly ProgrammedRide[]): RulebookFit[] {
  return RULEBOOK_IDS.map((rulebook) => ({
    rulebook,
    disagreement: disagreement(rulebook, rides),
  }));
}

/**
 * The league's format in a season, for a match whose scorecard shows no programmed rides yet:
 * elitserien-2019's programme was ridden in 2018–19 and again from 2022 (shared rules README),
 * the classic one before and between.
 */
export function rulebookForSeason(season: number): RulebookId {
  return season === 2018 || season === 2019 || season >= 2022
    ? 'elitserien-2019'
    : 'elitserien-klassisk';
}
