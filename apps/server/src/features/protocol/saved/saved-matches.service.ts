import { ErrorCodes } from '@speedway/contracts';
import type {
  MessageResponse,
  ResolveAction,
  SavedMatch,
  SavedMatchSummary,
  SaveProtocolResponse,
} from '@speedway/contracts';
import { canSaveProtocol, completedCount, HEATS_PER_MATCH, type MatchState } from '@speedway/rules';
import type { AppContext, Auth } from '../../../context';
import type { Executor, Transaction } from '../../../db/client';
import { lockOfficialData } from '../../../db/locks';
import { conflict, notFound } from '../../../lib/errors';
import type { WriteKey } from '../../../lib/keyed-transaction';
import { assertProtocolUnchanged, type IfMatch } from '../../../lib/preconditions';
import {
  notifyProtocolSaved,
  type NotifyDeps,
  type Recomparison,
  type SavedComparison,
} from '../../notifications/index';
import { derivedColumns } from '../protocol.mapper';
import { matchesRepository, type MatchRow } from '../protocol.repository';
import { changeProtocol } from '../protocol-transaction';
import { assess, resolutionOf, type Assessment } from './saved-assessment';
import { toSavedMatch, toSavedSummary } from './saved-matches.mapper';
import { savedMatchesRepository as repo, type UserMatchRow } from './saved-matches.repository';

export const SAVED_MATCH_NOT_FOUND = 'Matchen saknas eller har tagits bort.';

function incomplete(reason: string, state: MatchState) {
  const done = completedCount(state.heats);
  return conflict(
    `Protokollet kan inte sparas ännu. ${reason} ${done} av ${HEATS_PER_MATCH} heat är klara.`,
    ErrorCodes.PROTOCOL_INCOMPLETE,
  );
}

async function savedMatch(db: Executor, userId: string, id: string): Promise<SavedMatch> {
  const row = await repo.findOwned(db, userId, id);
  if (!row) throw notFound(SAVED_MATCH_NOT_FOUND);
  return toSavedMatch(row);
}

/**
 * Saving a protocol, in the caller's transaction with the protocol row locked: only a complete
 * protocol (the engine's canSaveProtocol) is saved; it becomes confirmed (read-only, no longer
 * 'Skapade') and its one saved copy is stored or refreshed, compared with the official result as
 * it is now. A resolution the user made stays while that official result is unchanged. With an
 * `If-Match` tag, the heats must be the version it names (protocolTag), else 412.
 */
export async function saveLockedProtocol(
  tx: Transaction,
  row: MatchRow,
  state: MatchState,
  notifications: NotifyDeps,
  ifMatch: IfMatch = null,
): Promise<{ protocol: MatchRow; copy: UserMatchRow; created: boolean }> {
  assertProtocolUnchanged(ifMatch, state);
  const ready = canSaveProtocol(state);
  if (!ready.ok) throw incomplete(ready.reason, state);
  const protocol =
    row.status === 'confirmed'
      ? row
      : await matchesRepository.update(tx, row.id, {
          ...derivedColumns(state),
          status: 'confirmed',
          confirmedAt: new Date(),
        });
  // Taken after the protocol lock, before anything of the copy: an import waits for this save.
  await lockOfficialData(tx, 'shared');
  const official = row.officialMatchId ? await repo.officialResult(tx, row.officialMatchId) : null;
  const previous = await repo.findByProtocol(tx, row.createdBy, row.id);
  const assessment = assess(state.heats, official, resolutionOf(previous));
  const { row: copy, created } = await repo.upsert(tx, {
    userId: row.createdBy,
    matchId: row.id,
    ...assessment,
  });
  // The first save of the protocol is told once (a later save of the saved protocol is none).
  if (row.status !== 'confirmed') {
    await notifyProtocolSaved(notifications, tx, {
      userId: row.createdBy,
      userMatchId: copy.id,
      teams: { homeTeam: protocol.homeTeam, awayTeam: protocol.awayTeam },
      comparison: comparisonOf(copy),
    });
  }
  return { protocol, copy, created };
}

const comparisonOf = (copy: Assessment | UserMatchRow): SavedComparison => ({
  status: copy.status ?? 'complete',
  homeScore: copy.homeScore,
  awayScore: copy.awayScore,
  discrepancies: copy.discrepancies,
  heatDiscrepancies: copy.heatDiscrepancies,
});

/** 'Spara protokoll' (POST /api/matches/{id}/save). */
export async function saveProtocol(
  ctx: AppContext,
  { user }: Auth,
  matchId: string,
  key: WriteKey<{ saved: SaveProtocolResponse; created: boolean }> | null = null,
  ifMatch: IfMatch = null,
): Promise<{ saved: SaveProtocolResponse; created: boolean }> {
  const change = async (tx: Transaction, row: MatchRow, state: MatchState) => {
    const { copy, created } = await saveLockedProtocol(tx, row, state, ctx, ifMatch);
    const saved = await savedMatch(tx, user.id, copy.id);
    const result = {
      saved: { ...saved, user_match_id: copy.id, message: 'Protokoll sparat' },
      created,
    };
    await key?.store(tx, result);
    return result;
  };
  return changeProtocol(ctx, user.id, matchId, change, key);
}

export async function listSavedMatches(
  ctx: AppContext,
  { user }: Auth,
): Promise<SavedMatchSummary[]> {
  const rows = await repo.listOwned(ctx.db, user.id);
  return rows.map(toSavedSummary);
}

export function getSavedMatch(ctx: AppContext, { user }: Auth, id: string): Promise<SavedMatch> {
  return savedMatch(ctx.db, user.id, id);
}

/**
 * accept_official: the copy takes the official points (heats too when published); keep_user: it
 * keeps the protocol's. Either way 'validated' without discrepancies, for as long as the official
 * result is the one answered (see assess). Repeating or changing the answer is allowed.
 */
export async function resolveSavedMatch(
  ctx: AppContext,
  { user }: Auth,
  id: string,
  action: ResolveAction,
): Promise<SavedMatch> {
  return ctx.db.transaction(async (tx) => {
    await lockOfficialData(tx, 'shared');
    const found = await repo.findOwned(tx, user.id, id, { lock: true });
    if (!found) throw notFound(SAVED_MATCH_NOT_FOUND);
    if (!found.official) {
      throw conflict(
        'Det finns inget officiellt resultat att jämföra med ännu.',
        'NO_OFFICIAL_RESULT',
      );
    }
    const official = {
      home_score: found.official.homeScore,
      away_score: found.official.awayScore,
      heats: found.official.heats,
    };
    const own = await matchesRepository.heats(tx, found.copy.matchId);
    await repo.update(tx, id, assess(own, official, { action, against: official, at: new Date() }));
    return savedMatch(tx, user.id, id);
  });
}

/** Removes the saved match and the confirmed protocol behind it ('Protokoll borttaget'). */
export async function deleteSavedMatch(
  ctx: AppContext,
  { user }: Auth,
  id: string,
): Promise<MessageResponse> {
  if (!(await repo.deleteOwned(ctx.db, user.id, id))) throw notFound(SAVED_MATCH_NOT_FOUND);
  return { message: 'Protokoll borttaget' };
}

/** Saved copies compared per round of statements: a few reads and one update for each. */
const RECOMPARE_BATCH = 500;

/**
 * After an import changed official results (in its transaction, holding the official-data lock):
 * every saved copy of those matches is compared again. Returns each comparison, before and after.
 * In batches, not a copy at a time: the import holds the official-data lock meanwhile, and the
 * final result of a round night has thousands of saved copies ('Spara protokoll' waits on the lock).
 */
export async function recompareSavedMatches(
  tx: Executor,
  officialMatchIds: string[],
): Promise<Recomparison[]> {
  const recompared: Recomparison[] = [];
  const copies = await repo.lockForOfficialMatches(tx, officialMatchIds);
  const officials = await repo.officialResults(tx, [
    ...new Set(copies.map((c) => c.officialMatchId)),
  ]);
  for (let i = 0; i < copies.length; i += RECOMPARE_BATCH) {
    const batch = copies.slice(i, i + RECOMPARE_BATCH);
    const heats = await matchesRepository.heatsOf(
      tx,
      batch.map(({ copy }) => copy.matchId),
    );
    const updates = batch.map(({ copy, officialMatchId }) => {
      const own = heats.get(copy.matchId) ?? [];
      const after = assess(own, officials.get(officialMatchId) ?? null, resolutionOf(copy));
      recompared.push({
        userMatchId: copy.id,
        userId: copy.userId,
        matchId: copy.matchId,
        before: comparisonOf(copy),
        after: comparisonOf(after),
      });
      // Both from jsonb, so equal heats are equal text: an unchanged copy keeps its stored heats
      // rather than having them written again (most of a copy's bytes).
      const heatsChanged = JSON.stringify(after.heats) !== JSON.stringify(copy.heats);
      return { id: copy.id, values: after, heatsChanged };
    });
    await repo.updateAssessments(tx, updates);
  }
  return recompared;
}
