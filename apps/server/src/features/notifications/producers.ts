import type { SavedMatchStatus } from '@speedway/contracts';
import type { HeatDifference as HeatDiscrepancy, ScoreDiscrepancy } from '@speedway/rules';
import type { Executor } from '../../db/client';
import { notificationsRepository } from './notifications.repository';
import { notify, type NotifyDeps } from './notify';
import { syncReminders } from './reminders';
import { producersRepository as repo } from './producers.repository';
import { describeDifferences, fixtureLine, matchName, type ProtocolTeams } from './texts';

// What produces notifications, each called inside the transaction of its event (see notify).

export type SavedComparison = {
  status: SavedMatchStatus;
  homeScore: number;
  awayScore: number;
  discrepancies: ScoreDiscrepancy[];
  heatDiscrepancies: HeatDiscrepancy[];
};

const savedLink = (userMatchId: string) => `/my-matches/saved/${userMatchId}`;

function standing(teams: ProtocolTeams, c: SavedComparison): string {
  if (c.status === 'validated') return 'Det stämmer med det officiella resultatet.';
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

/** JSON with object keys sorted: jsonb gives keys back in its own order, the engine in its. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

const sameDifferences = (a: SavedComparison, b: SavedComparison) =>
  canonical([a.discrepancies, a.heatDiscrepancies]) ===
  canonical([b.discrepancies, b.heatDiscrepancies]);

/**
 * conflict_detected: the official result arrived or changed and the saved protocol differs
 * (newly, or in other ways than before); result_validation: it arrived or changed and the
 * protocol now agrees. A withdrawn result (back to 'complete') tells nothing.
 */
async function notifyRecompared(deps: NotifyDeps, tx: Executor, outcome: ImportOutcome) {
  const changed = outcome.recompared.filter(
    ({ before, after }) =>
      (after.status === 'disputed' &&
        (before.status !== 'disputed' || !sameDifferences(before, after))) ||
      (after.status === 'validated' && before.status !== 'validated'),
  );
  if (changed.length === 0) return;
  const teams = await repo.protocolTeams(
    tx,
    changed.map((c) => c.matchId),
  );
  for (const c of changed) {
    const names = teams.get(c.matchId) ?? { homeTeam: 'Hemmalag', awayTeam: 'Bortalag' };
    const common = {
      userId: c.userId,
      deeplink: savedLink(c.userMatchId),
      extra: { user_match_id: c.userMatchId, status: c.after.status },
    };
    if (c.after.status === 'disputed') {
      await notify(deps, tx, {
        ...common,
        kind: 'conflict_detected',
        eventKey: `conflict_detected:${c.userMatchId}:${outcome.importId}`,
        title: 'Skillnader mot officiella resultat',
        body: `${matchName(names)}: ditt protokoll skiljer sig från det officiella resultatet. ${describeDifferences(names, c.after.discrepancies, c.after.heatDiscrepancies)}`,
      });
    } else {
      await notify(deps, tx, {
        ...common,
        kind: 'result_validation',
        eventKey: `result_validation:${c.userMatchId}:${outcome.importId}`,
        title: 'Protokoll validerat',
        body: `${matchName(names)}: ditt protokoll stämmer med det officiella resultatet ${c.after.homeScore}–${c.after.awayScore}.`,
      });
    }
  }
}

/** How many new matches a digest names before "och N till". */
const DIGEST_LINES = 5;

/**
 * match_created: one digest per import that published new matches, to every user who either
 * turned on e-mail about new matches, or follows (or has a protocol of) a match of a team that
 * plays in one of them. Mail goes only to those who turned it on.
 */
async function notifyMatchesCreated(deps: NotifyDeps, tx: Executor, outcome: ImportOutcome) {
  const ids = outcome.createdMatchIds;
  if (ids.length === 0) return;
  const digest = await repo.newMatches(tx, ids, DIGEST_LINES);
  const recipients = await repo.matchCreatedRecipients(tx, digest.teamIds);
  if (recipients.length === 0) return;
  const lines = digest.first.map(fixtureLine);
  const more = ids.length - lines.length;
  const title = ids.length === 1 ? 'Ny match publicerad' : `${ids.length} nya matcher publicerade`;
  const body = `${lines.join('\n')}${more > 0 ? `\noch ${more} till` : ''}`;
  const deeplink = ids.length === 1 ? `/matches/official/${ids[0]}` : '/matches';
  const settings = await notificationsRepository.settingsOf(tx, recipients);
  for (const userId of recipients) {
    await notify(
      deps,
      tx,
      {
        userId,
        kind: 'match_created',
        eventKey: `match_created:${outcome.importId}`,
        title,
        body,
        deeplink,
        extra: { official_match_ids: ids.slice(0, 50), count: ids.length },
      },
      settings.get(userId),
    );
  }
}

/** After an import's writes, in its transaction: reminders, result notices and the digest. */
export async function notifyImport(deps: NotifyDeps, tx: Executor, outcome: ImportOutcome) {
  // A match created by this import has no follower or protocol yet: only updated ones can move.
  const created = new Set(outcome.createdMatchIds);
  const updated = outcome.matchIds.filter((id) => !created.has(id));
  await syncReminders(deps, tx, { officialMatchIds: updated });
  await notifyRecompared(deps, tx, outcome);
  await notifyMatchesCreated(deps, tx, outcome);
}
