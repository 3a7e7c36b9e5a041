import {
  OfficialDataFileSchema,
  type OfficialImportSummary,
  type OfficialMatchImport,
} from '@speedway/contracts';
import { SIDES } from '@speedway/rules';
import type { Executor } from '../../../db/client';
import { storedRulebook } from '../../../lib/rulebook';
import { recompareSavedMatches } from '../../matches/saved/saved-matches.service';
import { fromZodIssues, ImportRejected } from './import-issues';
import { lineupsFromNames, planImport, resultHeats, type MatchPlan } from './import-plan';
import { officialImportRepository as repo } from './official-import.repository';

function summaryMessage(s: Omit<OfficialImportSummary, 'message'>): string {
  return (
    `Importen är klar: ${s.matches.created} nya och ${s.matches.updated} uppdaterade matcher, ` +
    `${s.results} resultat, ${s.teams.created} nya lag och ${s.riders_created} nya förare.`
  );
}

/** Team slug → the names its riders appear under in the line-ups of this import. */
function riderNamesByTeam(plans: readonly MatchPlan[]): Map<string, Set<string>> {
  const byTeam = new Map<string, Set<string>>();
  for (const { match, names } of plans) {
    for (const side of SIDES) {
      const set = byTeam.get(match[side]) ?? new Set<string>();
      Object.values(names[side]).forEach((name) => set.add(name));
      byTeam.set(match[side], set);
    }
  }
  return byTeam;
}

/** Optional fields: left out (undefined) keeps the stored value, null clears it. */
function fixtureFields(match: OfficialMatchImport) {
  return {
    competition: match.competition,
    season: match.season,
    round: match.round,
    startsAt:
      match.start === undefined ? undefined : match.start === null ? null : new Date(match.start),
    venue: match.venue,
    referee: match.referee,
    tv: match.tv,
  };
}

/**
 * Imports a `speedway-official/1` document in one transaction, idempotent by external_id. A file
 * that breaks any rule throws ImportRejected naming every problem, and nothing is written.
 */
export async function importOfficialData(
  db: Executor,
  raw: unknown,
): Promise<OfficialImportSummary> {
  const parsed = OfficialDataFileSchema.safeParse(raw);
  if (!parsed.success) throw new ImportRejected(fromZodIssues(raw, parsed.error.issues));
  const file = parsed.data;
  return db.transaction(async (tx) => {
    await repo.lockImports(tx);
    const stored = await repo.storedMatches(
      tx,
      file.matches.map((m) => m.external_id),
    );
    const plan = planImport(file, {
      teamSlugs: await repo.teamSlugs(tx),
      matches: new Map(
        [...stored].map(([id, m]) => [id, { ...m, rulebook: storedRulebook(m.rulebook) }]),
      ),
    });
    if (plan.issues.length > 0) throw new ImportRejected(plan.issues);

    const teams = await repo.upsertTeams(tx, file.teams);
    const names = riderNamesByTeam(plan.matches);
    const teamIds = await repo.teamIds(tx, [...names.keys()]);
    const riderIds = new Map<string, Map<string, string>>();
    let ridersCreated = 0;
    for (const [slug, set] of names) {
      const resolved = await repo.resolveRiders(tx, teamIds.get(slug)!, [...set]);
      riderIds.set(slug, resolved.ids);
      ridersCreated += resolved.created;
    }

    const matches = { created: 0, updated: 0 };
    let results = 0;
    /** Official matches whose result this import set or withdrew. */
    const judged: string[] = [];
    for (const { match, rulebook, names: lineupNames } of plan.matches) {
      const lineups = lineupsFromNames(lineupNames, (side, name) =>
        riderIds.get(match[side])!.get(name)!,
      );
      const saved = await repo.upsertMatch(tx, {
        externalId: match.external_id,
        rulebook,
        homeTeamId: teamIds.get(match.home)!,
        awayTeamId: teamIds.get(match.away)!,
        lineups,
        ...fixtureFields(match),
      });
      matches[saved.created ? 'created' : 'updated'] += 1;
      if (match.result === null) {
        await repo.deleteResult(tx, saved.id);
        judged.push(saved.id);
      }
      if (!match.result) continue;
      const converted = resultHeats(rulebook, lineups, match.result);
      // The plan converted the same result with stand-in ids; failing now would be a bug.
      if (!converted.ok) throw new Error(`${match.external_id}: ${converted.message}`);
      await repo.saveResult(tx, saved.id, {
        homeScore: match.result.home_score,
        awayScore: match.result.away_score,
        heats: converted.heats,
      });
      results += 1;
      judged.push(saved.id);
    }
    // Saved protocols of those matches are compared with the new result in this transaction.
    await recompareSavedMatches(tx, judged);
    const summary = { teams, riders_created: ridersCreated, matches, results };
    return { message: summaryMessage(summary), ...summary };
  });
}
