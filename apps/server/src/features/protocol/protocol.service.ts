import type {
  CreateFromOfficialBody,
  HeatSaveBody,
  HeatSaveResponse,
  Match,
  MatchSummary,
  MessageResponse,
  NominationsBody,
} from '@speedway/contracts';
import { ErrorCodes } from '@speedway/contracts';
import {
  applyHeatSave,
  applyNomination,
  checkLineups,
  createMatch,
  heatSaveInputOf,
  nominationsTag,
  tacticalRules,
  type Heat,
  type Lineups,
  type MatchState,
  type RuleError,
} from '@speedway/rules';
import type { AppContext, Auth } from '../../context';
import type { Executor, Transaction } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/errors';
import { keyedTransaction, type WriteKey } from '../../lib/keyed-transaction';
import { assertProtocolUnchanged, heatChangedFrom, type IfMatch } from '../../lib/preconditions';
import { syncReminders } from '../notifications/index';
import { OFFICIAL_MATCH_NOT_FOUND, officialMatchForProtocol } from '../official/index';
import { derivedColumns, toMatch, toMatchState, toMatchSummary } from './protocol.mapper';
import {
  matchesRepository as repo,
  type DerivedFields,
  type MatchRow,
} from './protocol.repository';
import { changeProtocol, PROTOCOL_NOT_FOUND } from './protocol-transaction';
import { protocolStates, type ProtocolState } from './protocol-states';
import { saveLockedProtocol } from './saved/saved-matches.service';

/** An engine refusal in the error shape; a heat that does not exist is a missing resource. */
function ruleError(error: RuleError): AppError {
  if (error.code === 'HEAT_NOT_FOUND') return notFound(error.message, error.code);
  return new AppError(error.status, error.code, error.message);
}

function assertEditable(row: MatchRow) {
  if (row.status === 'confirmed') {
    throw conflict(
      'Protokollet är sparat och kan inte längre ändras.',
      ErrorCodes.PROTOCOL_CONFIRMED,
    );
  }
}

/** Stores the changed heats and everything derived from all heats, in the caller's transaction. */
async function storeHeats(tx: Transaction, row: MatchRow, state: MatchState, changed: Heat[]) {
  await repo.saveHeats(tx, row.id, changed);
  return repo.update(tx, row.id, derivedColumns(state, row.status));
}

export async function listMatches(ctx: AppContext, { user }: Auth): Promise<MatchSummary[]> {
  const rows = await repo.listOwned(ctx.db, user.id);
  return rows.map(toMatchSummary);
}

/** The key of a protocol's reply at a revision: one per stored version, whoever builds it. */
const matchReplyKey = (id: string, revision: number) => `match:${id}:${revision}`;

/**
 * GET /api/matches/{id} as a reply for the JSON text sender: keyed by the protocol's revision,
 * which every change raises, so a compressed reply is built once per change and served from
 * memory until the next (the check is one small read of the caller's own row).
 */
export async function getMatchReply(
  ctx: AppContext,
  auth: Auth,
  id: string,
): Promise<{ key: string; build: () => Promise<string> }> {
  const revision = await repo.revisionOwned(ctx.db, auth.user.id, id);
  if (revision === undefined) throw notFound(PROTOCOL_NOT_FOUND);
  return {
    key: matchReplyKey(id, revision),
    build: async () => JSON.stringify(await getMatch(ctx, auth, id)),
  };
}

/**
 * The reply of GET /api/matches/{id} as this instance has just written the protocol (its copy,
 * kept only once committed, ADR 008), keyed by that revision as `getMatchReply` keys it, and built
 * only if that read comes; null without a copy of the caller's. A client that reads the protocol
 * again after a heat save (the app itself applies the save's reply instead, ADR 022) is then
 * answered without a read of the database (ADR 025).
 */
export function committedMatchReply(
  ctx: AppContext,
  { user }: Auth,
  id: string,
): { key: string; build: () => string } | null {
  const copy = protocolStates(ctx.db).get(id);
  if (!copy || copy.row.createdBy !== user.id) return null;
  return {
    key: matchReplyKey(id, copy.row.revision),
    build: () => JSON.stringify(toMatch(copy.row, copy.heats)),
  };
}

export async function getMatch(ctx: AppContext, { user }: Auth, id: string): Promise<Match> {
  const found = await repo.findOwnedWithHeats(ctx.db, user.id, id);
  if (!found) throw notFound(PROTOCOL_NOT_FOUND);
  return toMatch(found.row, found.heats);
}

/**
 * A protocol from an official match: its rulebook, a snapshot of its teams and line-ups, and the
 * 15 heats of the programme. The caller's unfinished protocol of the match is returned instead of
 * a second one. `id`, when given, is the new protocol's id (a device that started it offline and
 * queued its heats under it, ADR 019).
 */
export async function createFromOfficial(
  ctx: AppContext,
  { user }: Auth,
  { official_match_id: officialMatchId, id }: CreateFromOfficialBody,
  key: WriteKey<{ match: Match; created: boolean }> | null = null,
): Promise<{ match: Match; created: boolean }> {
  if (key) {
    // Judged after the key's claim, in its transaction: a repeat is answered from the key even
    // if the official match has changed since.
    return keyedTransaction(ctx.db, key, async (tx) =>
      createProtocol(ctx, tx, user.id, await officialForProtocol(tx, officialMatchId), id),
    );
  }
  const official = await officialForProtocol(ctx.db, officialMatchId);
  return ctx.db.transaction((tx) => createProtocol(ctx, tx, user.id, official, id));
}

type OfficialForProtocol = NonNullable<Awaited<ReturnType<typeof officialMatchForProtocol>>>;

/**
 * The official match a protocol can be started from (and its blank scoresheet printed):
 * published, valid line-ups.
 */
export async function officialForProtocol(db: Executor, id: string): Promise<OfficialForProtocol> {
  const official = await officialMatchForProtocol(db, id);
  if (!official) throw notFound(OFFICIAL_MATCH_NOT_FOUND);
  const { lineups } = official;
  if (lineups.home.length === 0 || lineups.away.length === 0) {
    throw conflict(
      'Laguppställningarna är inte publicerade ännu. Försök igen senare.',
      'LINEUPS_MISSING',
    );
  }
  const invalid = checkLineups(lineups);
  if (invalid) throw ruleError(invalid.error);
  return official;
}

async function createProtocol(
  ctx: AppContext,
  tx: Transaction,
  userId: string,
  official: OfficialForProtocol,
  id: string | undefined,
): Promise<{ match: Match; created: boolean }> {
  const { id: officialMatchId, rulebook, lineups } = official;
  await repo.lockCreation(tx, userId, officialMatchId);
  const open = await repo.findOpenFromOfficial(tx, userId, officialMatchId);
  if (open) return { match: toMatch(open, await repo.heats(tx, open.id)), created: false };
  const state = createMatch(rulebook, lineups);
  const row = await repo.insert(
    tx,
    {
      ...(id ? { id } : {}),
      createdBy: userId,
      officialMatchId,
      rulebook,
      tactical: tacticalRules(rulebook),
      homeTeamId: official.homeTeamId,
      awayTeamId: official.awayTeamId,
      homeTeam: official.homeTeam,
      awayTeam: official.awayTeam,
      homeShort: official.homeShort,
      awayShort: official.awayShort,
      startsAt: official.startsAt,
      venue: official.venue,
      competition: official.competition,
      round: official.round,
      lineups,
      ...derivedColumns(state),
    },
    state.heats,
  );
  // Someone else's protocol, or one of the caller's of another match or already saved: a chosen
  // id is never taken over (a UUID made on a device meets another only when it is sent twice).
  if (!row) throw conflict('Protokollets id används redan.', ErrorCodes.PROTOCOL_ID_TAKEN);
  // A protocol of an official match is an interest in it: its reminder is scheduled.
  await syncReminders(ctx, tx, { userId, officialMatchIds: [officialMatchId] });
  return { match: toMatch(row, state.heats), created: true };
}

/** What the device needs to show the save without asking again: the heat and the totals. */
function heatSaveResponse(heat: Heat, derived: DerivedFields, updatedAt: Date): HeatSaveResponse {
  return {
    heat,
    home_score: derived.homeScore,
    away_score: derived.awayScore,
    completed_heats: derived.completedHeats,
    status: derived.status,
    updated_at: updatedAt.toISOString(),
  };
}

/**
 * The spec's heat save, judged by the engine; points are never trusted. The hot path of a match
 * night, so it first goes the optimistic way: read the protocol with its heats (one round trip),
 * judge, and write the heat and the derived fields in one statement that applies only if nothing
 * changed the protocol meanwhile (its revision). If something did (two devices, a burst), the save
 * is judged again on the locked protocol, where concurrent saves apply one after the other. A 2xx
 * means committed either way. An `If-Match` tag is judged with the engine, on the same state.
 */
export async function saveHeat(
  ctx: AppContext,
  { user }: Auth,
  id: string,
  heatNumber: number,
  body: HeatSaveBody,
  key: HeatSaveKey | null = null,
  ifMatch: IfMatch = null,
): Promise<HeatSaveResponse> {
  const input = { ...heatSaveInputOf(body), ifMatch };
  const states = protocolStates(ctx.db);
  const copy = states.get(id);
  if (copy && copy.row.createdBy === user.id) {
    // The copy may only lead to a write that PostgreSQL checks; whatever it would refuse (a rule,
    // a confirmed protocol) or the write misses is judged again on the stored, locked protocol.
    const saved = await saveOnCopy(ctx, copy, heatNumber, input, key);
    if (saved) return saved;
    states.delete(id);
    return saveLocked(ctx, user.id, id, heatNumber, input, key);
  }
  const found = await repo.findOwnedWithHeats(ctx.db, user.id, id);
  // With a key, a refusal is judged on the locked path after the key's claim: a repeat of a save
  // that committed gets its stored reply even if the protocol has changed since.
  if (key && (!found || found.row.status === 'confirmed')) {
    return saveLocked(ctx, user.id, id, heatNumber, input, key);
  }
  if (!found) throw notFound(PROTOCOL_NOT_FOUND);
  assertEditable(found.row);
  const outcome = judgeHeatSave(toMatchState(found.row, found.heats), heatNumber, input);
  if (!outcome.ok) {
    if (key) return saveLocked(ctx, user.id, id, heatNumber, input, key);
    throw outcome.error;
  }
  return (
    (await writeIfUnchanged(ctx, found, outcome, key)) ??
    saveLocked(ctx, user.id, id, heatNumber, input, key)
  );
}

type HeatSaveKey = WriteKey<HeatSaveResponse>;

/** The engine's input and the request's `If-Match` tag of the heat. */
type HeatSaveInput = ReturnType<typeof heatSaveInputOf> & { ifMatch: IfMatch };
type SavedHeat = Extract<ReturnType<typeof applyHeatSave>, { ok: true }>;

/**
 * A heat save judged on a state: 412 when the heat is not the version `If-Match` names, else the
 * engine's judgement (its refusal as an error in the error shape).
 */
function judgeHeatSave(
  state: MatchState,
  heatNumber: number,
  { ifMatch, ...input }: HeatSaveInput,
): SavedHeat | { ok: false; error: AppError } {
  const changed = heatChangedFrom(ifMatch, state, heatNumber);
  if (changed) return { ok: false, error: changed };
  const outcome = applyHeatSave(state, heatNumber, input);
  return outcome.ok ? outcome : { ok: false, error: ruleError(outcome.error) };
}

/** The save judged on this instance's copy, or null when the copy cannot decide it. */
async function saveOnCopy(
  ctx: AppContext,
  copy: ProtocolState,
  heatNumber: number,
  input: HeatSaveInput,
  key: HeatSaveKey | null,
): Promise<HeatSaveResponse | null> {
  if (copy.row.status === 'confirmed') return null;
  const outcome = judgeHeatSave(toMatchState(copy.row, copy.heats), heatNumber, input);
  if (!outcome.ok) return null;
  return writeIfUnchanged(ctx, copy, outcome, key);
}

/** Writes the judged heat if the protocol is still at `state`'s revision (null: it is not). */
async function writeIfUnchanged(
  ctx: AppContext,
  state: ProtocolState,
  outcome: SavedHeat,
  key: HeatSaveKey | null,
): Promise<HeatSaveResponse | null> {
  const derived = derivedColumns(outcome.match, state.row.status);
  const updatedAt = new Date();
  const response = heatSaveResponse(outcome.heat, derived, updatedAt);
  // A key is stored in the write's own statement, with the reply judged here (ADR 009).
  const keyRow = key ? key.row(response) : undefined;
  const heats = [outcome.heat];
  if (!(await repo.saveHeatsIfUnchanged(ctx.db, state.row, heats, derived, updatedAt, keyRow))) {
    return null;
  }
  protocolStates(ctx.db).set(state.row.id, {
    row: { ...state.row, ...derived, updatedAt, revision: state.row.revision + 1 },
    heats: outcome.match.heats,
  });
  return response;
}

/** The save judged on the locked protocol: concurrent saves apply one after the other. */
async function saveLocked(
  ctx: AppContext,
  userId: string,
  id: string,
  heatNumber: number,
  input: HeatSaveInput,
  key: HeatSaveKey | null = null,
): Promise<HeatSaveResponse> {
  const change = async (tx: Transaction, row: MatchRow, current: MatchState) => {
    assertEditable(row);
    const locked = judgeHeatSave(current, heatNumber, input);
    if (!locked.ok) throw locked.error;
    const saved = await storeHeats(tx, row, locked.match, [locked.heat]);
    const response = heatSaveResponse(locked.heat, saved, saved.updatedAt);
    await key?.store(tx, response);
    return { response, state: { row: saved, heats: locked.match.heats } };
  };
  const { response, state } = await changeProtocol(ctx, userId, id, change, key);
  // Kept only once committed: a copy of a change that rolled back could later match a revision
  // another change reached. The next save of this protocol here then needs no read.
  protocolStates(ctx.db).set(id, state);
  return response;
}

/**
 * Nominations of heat 14 (elitserien-2019) and heat 15, in that order; all or nothing. An
 * `If-Match` tag names heats 14 and 15 as the device saw them (the engine's nominationsTag).
 */
export async function saveNominations(
  ctx: AppContext,
  { user }: Auth,
  id: string,
  body: NominationsBody,
  key: WriteKey<Match> | null = null,
  ifMatch: IfMatch = null,
): Promise<Match> {
  const change = async (tx: Transaction, row: MatchRow, stored: MatchState) => {
    assertEditable(row);
    assertProtocolUnchanged(ifMatch, stored, nominationsTag);
    let current = stored;
    const changed: Heat[] = [];
    for (const [heatNumber, nomination] of [
      [14, body.heat14],
      [15, body.heat15],
    ] as const) {
      if (!nomination) continue;
      const outcome = applyNomination(current, heatNumber, nomination);
      if (!outcome.ok) throw ruleError(outcome.error);
      current = outcome.match;
      changed.push(outcome.heat);
    }
    const state = { row: await storeHeats(tx, row, current, changed), heats: current.heats };
    const match = toMatch(state.row, state.heats);
    await key?.store(tx, match);
    return { state, match };
  };
  const { state, match } = await changeProtocol(ctx, user.id, id, change, key);
  // Kept only once committed (a copy of a rolled-back change could later match a revision).
  protocolStates(ctx.db).set(id, state);
  return match;
}

/**
 * Confirming is saving: the same as 'Spara protokoll' (POST …/save), answered with the protocol.
 * Only a protocol the engine finds complete can be confirmed; it is read-only afterwards. An
 * `If-Match` tag names the whole protocol (protocolTag).
 */
export async function confirmMatch(
  ctx: AppContext,
  { user }: Auth,
  id: string,
  key: WriteKey<Match> | null = null,
  ifMatch: IfMatch = null,
): Promise<Match> {
  const change = async (tx: Transaction, row: MatchRow, state: MatchState) => {
    const { protocol } = await saveLockedProtocol(tx, row, state, ctx, ifMatch);
    const match = toMatch(protocol, state.heats);
    await key?.store(tx, match);
    return match;
  };
  return changeProtocol(ctx, user.id, id, change, key);
}

export async function deleteMatch(
  ctx: AppContext,
  { user }: Auth,
  id: string,
): Promise<MessageResponse> {
  if (!(await repo.deleteOwned(ctx.db, user.id, id))) throw notFound(PROTOCOL_NOT_FOUND);
  return { message: 'Match borttagen' };
}

/** A protocol's teams and line-ups, when the user owns it. */
export async function protocolLineups(
  db: Executor,
  userId: string,
  id: string,
): Promise<{ homeTeamId: string | null; awayTeamId: string | null; lineups: Lineups } | undefined> {
  return repo.findOwned(db, userId, id);
}
