import { canonicalJson, type SavedMatchStatus } from '@speedway/contracts';
import type { HeatDifference as HeatDiscrepancy, ScoreDiscrepancy } from '@speedway/rules';
import type { Executor } from '../../db/client';
import { forEachInSlices } from '../../lib/in-slices';
import { notify, type NotifyDeps } from './notify';
import { describeDifferences, matchName, type ProtocolTeams } from './texts';

// What produces notifications. A protocol's save tells of itself in its own transaction (see
// notify); an official import queues one job in its transaction and that job tells the users
// (import-notifications.ts), so that no notification can make an import fail.

export type SavedComparison = {
  status: SavedMatchStatus;
  homeScore: number;
  awayScore: number;
  discrepancies: ScoreDiscrepancy[];
  heatDiscrepancies: HeatDiscrepancy[];
};

export const savedLink = (userMatchId: string) => `/my-matches/saved/${userMatchId}`;

/** ' Heat 3 skiljer sig.' where the final score agrees but heats do not (else nothing). */
export function heatsNote(
  teams: ProtocolTeams,
  c: { heatDiscrepancies: readonly Pick<HeatDiscrepancy, 'heat_number'>[] },
) {
  return c.heatDiscrepancies.length > 0
    ? ` ${describeDifferences(teams, [], c.heatDiscrepancies)}`
    : '';
}

function standing(teams: ProtocolTeams, c: SavedComparison): string {
  if (c.status === 'validated') {
    return `Det stämmer med det officiella resultatet.${heatsNote(teams, c)}`;
  }
  if (c.status === 'disputed') {
    return `Det skiljer sig från det officiella resultatet. ${describeDifferences(teams, c.discrepancies, c.heatDiscrepancies)}`;
  }
  return 'Det jämförs med det officiella resultatet när det publiceras.';
}

/** protocol_saved: a protocol was saved for the first time (a saved copy now exists). */
export async function notifyProtocolSaved(
  deps: NotifyDeps,
  tx: Executor,
  saved: { userId: string; userMatchId: string; teams: ProtocolTeams; comparison: SavedComparison },
) {
  const { teams, comparison: c } = saved;
  await notify(deps, tx, {
    userId: saved.userId,
    kind: 'protocol_saved',
    eventKey: `protocol_saved:${saved.userMatchId}`,
    title: 'Protokoll sparat',
    body: `${matchName(teams)} ${c.homeScore}–${c.awayScore} är sparat under Mina matcher. ${standing(teams, c)}`,
    deeplink: savedLink(saved.userMatchId),
    extra: { user_match_id: saved.userMatchId, status: c.status },
  });
}

/** A saved copy compared again by an import: before and after. */
export type Recomparison = {
  userMatchId: string;
  userId: string;
  /** The protocol behind the copy. */
  matchId: string;
  before: SavedComparison;
  after: SavedComparison;
};

export type ImportOutcome = {
  /** Names this import in event keys: a replayed file is a new import, but changes nothing. */
  importId: string;
  /** Every official match the file named (created or updated). */
  matchIds: string[];
  createdMatchIds: string[];
  recompared: Recomparison[];
};

/** Keys sorted: jsonb gives an object's keys back in its own order, the engine in its. */
const sameDifferences = (a: SavedComparison, b: SavedComparison) =>
  canonicalJson([a.discrepancies, a.heatDiscrepancies]) ===
  canonicalJson([b.discrepancies, b.heatDiscrepancies]);

/** Whether an import's new comparison tells the user something (see notifyImport). */
function tells({ before, after }: Recomparison): boolean {
  return (
    (after.status === 'disputed' &&
      (before.status !== 'disputed' || !sameDifferences(before, after))) ||
    (after.status === 'validated' && before.status !== 'validated') ||
    // The final score still agrees, but the official heats now differ from the protocol's.
    (after.status === 'validated' &&
      after.heatDiscrepancies.length > 0 &&
      !sameDifferences(before, after))
  );
}

/**
 * A saved copy's new comparison as the job carries it: what its notice says, the differing heats
 * by number only. The whole comparison holds both versions of every differing heat: a round
 * night's final result has thousands of copies, and their job was megabytes, written in the
 * import's transaction (2.5 s of a 5 s import of 1,000 copies) and read again by the worker.
 */
export type ToldComparison = Pick<Recomparison, 'userMatchId' | 'userId' | 'matchId'> & {
  after: Omit<SavedComparison, 'heatDiscrepancies'> & {
    heatDiscrepancies: Pick<HeatDiscrepancy, 'heat_number'>[];
  };
};

const told = ({ userMatchId, userId, matchId, after }: Recomparison): ToldComparison => ({
  userMatchId,
  userId,
  matchId,
  after: {
    ...after,
    heatDiscrepancies: after.heatDiscrepancies.map(({ heat_number }) => ({ heat_number })),
  },
});

/**
 * The job `import-notifications`: what an import's notifications need, taken in the import's
 * transaction (the comparisons before and after exist only then).
 */
export type ImportNotificationsJob = {
  /** Names the import in event keys: a retried job makes no second item. */
  importId: string;
  /** Matches the import updated: their reminders may move. */
  updatedMatchIds: string[];
  /** Matches the import created: the match_created digest. */
  createdMatchIds: string[];
  /** Saved copies whose new comparison tells the user something. */
  recompared: ToldComparison[];
};

/**
 * After an import's writes, in its transaction: ONE job that tells the users (reminders, result
 * notices, the digest), so that it exists exactly when the import committed. No notification is
 * written here: an account deleted meanwhile, or anything else a notification might trip on,
 * can never roll the import back. Conflicts: a saved protocol that now differs (newly, or in other
 * ways than before) gets conflict_detected; one that now agrees gets result_validation; a
 * withdrawn result (back to 'complete') tells nothing.
 */
export async function notifyImport(deps: NotifyDeps, tx: Executor, outcome: ImportOutcome) {
  // A match created by this import has no follower or protocol yet: only updated ones can move.
  const created = new Set(outcome.createdMatchIds);
  // A round night's final result compares thousands of copies (about 0.5 ms each): the loop gets
  // a turn between slices, as the import's own checks give it (it held the loop 1.2 s).
  const recompared: ToldComparison[] = [];
  await forEachInSlices(outcome.recompared, (each) => {
    if (tells(each)) recompared.push(told(each));
  });
  const job: ImportNotificationsJob = {
    importId: outcome.importId,
    updatedMatchIds: outcome.matchIds.filter((id) => !created.has(id)),
    createdMatchIds: outcome.createdMatchIds,
    recompared,
  };
  if (job.updatedMatchIds.length + job.createdMatchIds.length + job.recompared.length === 0) {
    return;
  }
  await deps.jobs.send('import-notifications', job, { tx });
}
