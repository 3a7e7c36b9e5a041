import type { OfficialImportSummary, OfficialMatchImport } from '@speedway/contracts';
import { SIDES } from '@speedway/rules';
import { randomUUID } from 'node:crypto';
import { bumpDataVersion } from '../../../db/data-versions';
import type { Executor } from '../../../db/client';
import { storedRulebook } from '../../../lib/rulebook';
import type { ImportOutcome, Recomparison } from '../../notifications/index';
import { assignRiderIdentities } from '../riders/assign-identities';
import { forEachInSlices } from '../../../lib/in-slices';
import { ImportRejected } from './import-issues';
import { lineupsFromNames, planImport, resultHeats, type MatchPlan } from './import-plan';
import {
  officialImportRepository as repo,
  type OfficialMatchValues,
  type OfficialResultValues,
} from './official-import.repository';
import { parseOfficialFile } from './parse-file';

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
    attendance: match.attendance,
  };
}

/** A match as it is written; its result: undefined keeps the stored one, null removes it. */
type MatchWrite = {
  values: OfficialMatchValues;
  result: Omit<OfficialResultValues, 'officialMatchId'> | null | undefined;
};

/** The rows of the planned matches, with the riders' ids (a slice at a time, see planImport). */
async function matchWrites(
  plans: readonly MatchPlan[],
  teamIds: ReadonlyMap<string, string>,
  riderIds: ReadonlyMap<string, ReadonlyMap<string, string>>,
): Promise<MatchWrite[]> {
  const writes: MatchWrite[] = [];
  await forEachInSlices(plans, ({ match, rulebook, names }) => {
    const lineups = lineupsFromNames(names, (side, name) => riderIds.get(match[side])!.get(name)!);
    let result: MatchWrite['result'] = match.result === null ? null : undefined;
    if (match.result) {
      const converted = resultHeats(rulebook, lineups, match.result);
      // The plan converted the same result with stand-in ids; failing now would be a bug.
      if (!converted.ok) throw new Error(`${match.external_id}: ${converted.message}`);
      result = {
        homeScore: match.result.home_score,
        awayScore: match.result.away_score,
        heats: converted.heats,
      };
    }
    writes.push({
      values: {
        externalId: match.external_id,
        rulebook,
        homeTeamId: teamIds.get(match.home)!,
        awayTeamId: teamIds.get(match.away)!,
        lineups,
        ...fixtureFields(match),
      },
      result,
    });
  });
  return writes;
}

/**
 * What an import causes above the official feature, in its transaction, for the matches whose
 * result it set or withdrew: their saved protocols are compared again (matches'
 * `recompareSavedMatches`, passed in by app.ts, server.ts and cli/: matches uses official, so
 * official cannot import it).
 */
export type ResultsChanged = (tx: Executor, officialMatchIds: string[]) => Promise<Recomparison[]>;

/**
 * Imports a `speedway-official/1` document in one transaction, idempotent by external_id. A file
 * that breaks any rule throws ImportRejected naming every problem, and nothing is written. Every
 * step is linear in the size of the file, and the checks give the event loop a turn now and then.
 */
export async function importOfficialData(
  db: Executor,
  raw: unknown,
  options: {
    resultsChanged: ResultsChanged;
    /** In the import's transaction after its writes (the app's notifications). */
    onImported?: (tx: Executor, outcome: ImportOutcome) => Promise<void>;
  },
): Promise<OfficialImportSummary> {
  const file = await parseOfficialFile(raw);
  return db.transaction(async (tx) => {
    await repo.lockImports(tx);
    const stored = await repo.storedMatches(
      tx,
      file.matches.map((m) => m.external_id),
    );
    const plan = await planImport(file, {
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

    const writes = await matchWrites(plan.matches, teamIds, riderIds);
    const saved = await repo.upsertMatches(
      tx,
      writes.map((w) => w.values),
    );
    const idOf = (w: MatchWrite) => saved.get(w.values.externalId)!.id;
    // Every squad rider the written line-ups name gets his identity for the match's season here,
    // in the import's transaction (the sync and the demo seed import through this function too).
    await assignRiderIdentities(tx, { matchIds: [...saved.values()].map((m) => m.id) });
    const withdrawn = writes.filter((w) => w.result === null).map(idOf);
    const results = writes.flatMap((w) =>
      w.result ? [{ officialMatchId: idOf(w), ...w.result }] : [],
    );
    await repo.deleteResults(tx, withdrawn);
    await repo.saveResults(tx, results);
    // Saved protocols of the matches whose result this import set or withdrew are compared with
    // the new result in this transaction.
    const recompared = await options.resultsChanged(tx, [
      ...withdrawn,
      ...results.map((r) => r.officialMatchId),
    ]);
    // Every instance's read cache of official matches is current no longer.
    await bumpDataVersion(tx, 'official');

    await options.onImported?.(tx, {
      importId: randomUUID(),
      matchIds: [...saved.values()].map((m) => m.id),
      createdMatchIds: [...saved.values()].filter((m) => m.created).map((m) => m.id),
      recompared,
    });
    const created = [...saved.values()].filter((m) => m.created).length;
    const summary = {
      teams,
      riders_created: ridersCreated,
      matches: { created, updated: saved.size - created },
      results: results.length,
    };
    return { message: summaryMessage(summary), ...summary };
  });
}
