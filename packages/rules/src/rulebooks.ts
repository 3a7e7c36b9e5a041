import programmes from './data/programmes.json' with { type: 'json' };
import { isReserve } from './lineups';
import { HEATS_PER_MATCH, HELMETS, type Helmet, type Lane, type Side } from './types';

export type RulebookId = keyof typeof programmes.rulebooks;

/** The format the spec describes; a match without a rulebook uses it. */
export const DEFAULT_RULEBOOK: RulebookId = 'elitserien-klassisk';

/**
 * Who may be nominated. programmes.json states it in prose only, so the machine reading is kept
 * here and checked against the data at load: 'top-three-main' is the spec's rule (main riders with
 * points + bonus at least the team's third best), 'main' any main rider, 'any' any rider.
 */
export type Eligibility = 'top-three-main' | 'main' | 'any';

const ELIGIBILITY: Record<RulebookId, Partial<Record<string, Eligibility>>> = {
  'elitserien-klassisk': { '15': 'top-three-main' },
  'elitserien-2019': { '14': 'any', '15': 'main' },
};

export interface TacticalRules {
  enabled: boolean;
  start_heat: number;
  end_heat: number;
  min_deficit: number;
}

export interface ProgrammedGate {
  team: Side;
  lineup_no: number;
  helmet_color: Helmet;
}

export interface NominationRule {
  per_team: number;
  eligibility: Eligibility;
  about: string;
}

export type GateProgramme = Readonly<Record<Lane, ProgrammedGate>>;

export interface Rulebook {
  id: RulebookId;
  about: string;
  tactical: TacticalRules & { max_per_heat: number };
  /** Index heat_number − 1: the gates by lane, or null for a nominated heat. */
  programme: readonly (GateProgramme | null)[];
  nominated_heats: readonly number[];
  nominations: Partial<Record<number, NominationRule>>;
  /** Heats where all four programmed riders are reserves; their lanes are locked. */
  reserve_heats: readonly number[];
}

type RawGate = readonly (string | number)[];
export interface RawRulebook {
  about: string;
  tactical: TacticalRules & { max_per_heat: number };
  nominated_heats: readonly number[];
  nominations: Partial<Record<string, { per_team: number; eligible: string }>>;
  heats: Partial<Record<string, readonly RawGate[] | string>>;
}

function invalid(id: string, where: string): Error {
  return new Error(`programmes.json: rulebook ${id} has an invalid ${where}`);
}

function parseGate(id: string, heat: number, gate: RawGate): ProgrammedGate {
  const [team, no, helmet] = gate;
  if (
    (team !== 'H' && team !== 'A') ||
    typeof no !== 'number' ||
    !HELMETS.includes(helmet as Helmet)
  ) {
    throw invalid(id, `gate in heat ${heat}`);
  }
  return { team: team === 'H' ? 'home' : 'away', lineup_no: no, helmet_color: helmet as Helmet };
}

function parseHeat(
  id: string,
  heat: number,
  cell: RawRulebook['heats'][string],
): GateProgramme | null {
  if (cell === 'nominated') return null;
  if (cell === undefined || typeof cell === 'string' || cell.length !== 4)
    throw invalid(id, `heat ${heat}`);
  return Object.fromEntries(
    cell.map((gate, i) => [String(i + 1), parseGate(id, heat, gate)]),
  ) as GateProgramme;
}

/** Turns one rulebook of programmes.json into typed data; throws on data the engine cannot use. */
export function parseRulebook(id: RulebookId, raw: RawRulebook): Rulebook {
  const programme = Array.from({ length: HEATS_PER_MATCH }, (_, i) =>
    parseHeat(id, i + 1, raw.heats[String(i + 1)]),
  );
  const nominated = programme.flatMap((gates, i) => (gates === null ? [i + 1] : []));
  if (nominated.join() !== raw.nominated_heats.join()) throw invalid(id, 'nominated_heats');
  const nominations: Partial<Record<number, NominationRule>> = {};
  for (const heat of nominated) {
    const rule = raw.nominations[String(heat)];
    const eligibility = ELIGIBILITY[id][String(heat)];
    if (rule === undefined || eligibility === undefined)
      throw invalid(id, `nomination of heat ${heat}`);
    nominations[heat] = { per_team: rule.per_team, eligibility, about: rule.eligible };
  }
  const reserve_heats = programme.flatMap((gates, i) =>
    gates !== null && Object.values(gates).every((gate) => isReserve(gate.lineup_no))
      ? [i + 1]
      : [],
  );
  return {
    id,
    about: raw.about,
    tactical: raw.tactical,
    programme,
    nominated_heats: nominated,
    nominations,
    reserve_heats,
  };
}

export const RULEBOOK_IDS = Object.keys(programmes.rulebooks) as RulebookId[];

const rulebooks = Object.fromEntries(
  RULEBOOK_IDS.map((id) => [id, parseRulebook(id, programmes.rulebooks[id])]),
) as Record<RulebookId, Rulebook>;

export function isRulebookId(value: unknown): value is RulebookId {
  return RULEBOOK_IDS.includes(value as RulebookId);
}

export function getRulebook(id: RulebookId): Rulebook {
  return rulebooks[id];
}

/** The shape the spec stores in a match's meta.rules.tactical. */
export function tacticalRules(id: RulebookId): TacticalRules {
  const { enabled, start_heat, end_heat, min_deficit } = rulebooks[id].tactical;
  return { enabled, start_heat, end_heat, min_deficit };
}

export function isNominatedHeat(rulebook: Rulebook, heatNumber: number): boolean {
  return rulebook.nominated_heats.includes(heatNumber);
}

/** The programmed gates of a heat, or null for a nominated heat or a heat number out of range. */
export function programmedGates(rulebook: Rulebook, heatNumber: number): GateProgramme | null {
  return rulebook.programme[heatNumber - 1] ?? null;
}
