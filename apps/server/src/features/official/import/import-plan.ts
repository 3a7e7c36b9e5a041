import type { OfficialDataFile, OfficialLineup, OfficialMatchImport } from '@speedway/contracts';
import {
  checkLineups,
  DEFAULT_RULEBOOK,
  officialToHeats,
  SIDES,
  type Heat,
  type LineupRider,
  type Lineups,
  type RulebookId,
  type Side,
} from '@speedway/rules';
import { forEachInSlices } from '../../../lib/in-slices';
import { entryLabel, issueAt, type ImportIssue } from './import-issues';

// The rules a file must keep that need more than its structure: known teams, and results the
// engine accepts with the line-ups they refer to. Pure: the import writes only a clean plan.

/** Rider number ('1'–'7') → name, per team. */
export type NameLineups = Record<Side, OfficialLineup>;

/** What is stored already for a match the file names (by external_id). */
export type StoredMatch = {
  homeSlug: string;
  awaySlug: string;
  lineups: Lineups;
  rulebook: RulebookId;
};

export type KnownData = {
  teamSlugs: ReadonlySet<string>;
  matches: ReadonlyMap<string, StoredMatch>;
};

export type MatchPlan = {
  match: OfficialMatchImport;
  /** The file's, else the stored one, else the default. */
  rulebook: RulebookId;
  /** The line-ups after this import: the file's sides, or the stored ones it leaves out. */
  names: NameLineups;
};

export type ImportPlan = { issues: ImportIssue[]; matches: MatchPlan[] };

export function namesOf(lineups: Lineups): NameLineups {
  const side = (riders: LineupRider[]) =>
    Object.fromEntries(riders.map((rider) => [String(rider.lineup_no), rider.name]));
  return { home: side(lineups.home), away: side(lineups.away) };
}

/** The engine's line-ups from names; `idOf` gives each rider's id (a riders row, or a stand-in). */
export function lineupsFromNames(
  names: NameLineups,
  idOf: (side: Side, name: string) => string,
): Lineups {
  const side = (team: Side): LineupRider[] =>
    Object.entries(names[team])
      .map(([no, name]) => ({ rider_id: idOf(team, name), name, team, lineup_no: Number(no) }))
      .sort((a, b) => a.lineup_no - b.lineup_no);
  return { home: side('home'), away: side('away') };
}

const standIn = (side: Side, name: string) => `${side}:${name}`;

/** All 15 heats of a heat-by-heat result, null for totals only; or where and why it fails. */
export function resultHeats(
  rulebook: RulebookId,
  lineups: Lineups,
  result: NonNullable<OfficialMatchImport['result']>,
): { ok: true; heats: Heat[] | null } | { ok: false; field: (string | number)[]; message: string } {
  const heats = result.heats ?? [];
  if (heats.length === 0) return { ok: true, heats: null };
  const all = officialToHeats(rulebook, lineups, result);
  if (all.ok) return { ok: true, heats: all.heats };
  // Only a failing result is gone through heat by heat, to name the problem by its place.
  for (const [i, heat] of heats.entries()) {
    const one = officialToHeats(rulebook, lineups, { heats: [heat] });
    if (!one.ok) return { ok: false, field: ['result', 'heats', i], message: one.error.message };
  }
  return { ok: false, field: ['result', 'heats'], message: all.error.message };
}

function mergedNames(match: OfficialMatchImport, stored: StoredMatch | undefined): NameLineups {
  const kept = stored && namesOf(stored.lineups);
  const sameTeam = (side: Side) =>
    stored && (side === 'home' ? stored.homeSlug === match.home : stored.awaySlug === match.away);
  const side = (s: Side) => match.lineups?.[s] ?? (kept && sameTeam(s) ? kept[s] : {});
  return { home: side('home'), away: side('away') };
}

function checkMatch(
  { match, rulebook, names }: MatchPlan,
  known: KnownData,
  fileSlugs: ReadonlySet<string>,
): { field: (string | number)[]; message: string } | null {
  for (const side of SIDES) {
    const slug = match[side];
    if (!fileSlugs.has(slug) && !known.teamSlugs.has(slug)) {
      return {
        field: [side],
        message: `okänt lag "${slug}" (saknas i filens teams och i databasen)`,
      };
    }
  }
  const lineups = lineupsFromNames(names, standIn);
  const invalid = checkLineups(lineups);
  if (invalid) return { field: ['lineups'], message: invalid.error.message };
  if (!match.result) return null;
  const converted = resultHeats(rulebook, lineups, match.result);
  return converted.ok ? null : converted;
}

/**
 * Checks every match of a parsed file against what is stored; every problem is reported. Linear
 * in the matches (lookups by set and map), and a slice at a time: a result is checked by the
 * rules engine heat by heat, which is the heaviest work of an import.
 */
export async function planImport(file: OfficialDataFile, known: KnownData): Promise<ImportPlan> {
  const fileSlugs = new Set(file.teams.map((team) => team.slug));
  const issues: ImportIssue[] = [];
  const matches: MatchPlan[] = [];
  await forEachInSlices(file.matches, (match, i) => {
    const stored = known.matches.get(match.external_id);
    const plan: MatchPlan = {
      match,
      rulebook: match.rulebook ?? stored?.rulebook ?? DEFAULT_RULEBOOK,
      names: mergedNames(match, stored),
    };
    const problem = checkMatch(plan, known, fileSlugs);
    if (problem) {
      issues.push(
        issueAt(entryLabel('matches', i, match.external_id), problem.field, problem.message),
      );
    }
    matches.push(plan);
  });
  return { issues, matches };
}
