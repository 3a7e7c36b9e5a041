import type {
  HeatSaveBody,
  HeatSaveResponse,
  Match,
  MatchSummary,
  MessageResponse,
  NominationsBody,
} from '@speedway/contracts';
import {
  applyHeatSave,
  applyNomination,
  checkLineups,
  createMatch,
  tacticalRules,
  type Heat,
  type Lineups,
  type MatchState,
  type RuleError,
} from '@speedway/rules';
import type { AppContext } from '../../context';
import type { Executor, Transaction } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/errors';
import type { Auth } from '../../plugins/auth';
import { OFFICIAL_MATCH_NOT_FOUND, officialMatchForProtocol } from '../official/official.service';
import { derivedFields, toMatch, toMatchSummary } from './matches.mapper';
import { matchesRepository as repo, type MatchRow } from './matches.repository';
import { changeProtocol, PROTOCOL_NOT_FOUND } from './protocol-transaction';
import { saveLockedProtocol } from './saved/saved-matches.service';

/** An engine refusal in the error shape; a heat that does not exist is a missing resource. */
function ruleError(error: RuleError): AppError {
  if (error.code === 'HEAT_NOT_FOUND') return notFound(error.message, error.code);
  return new AppError(error.status, error.code, error.message);
}

function assertEditable(row: MatchRow) {
  if (row.status === 'confirmed') {
    throw conflict('Protokollet är sparat och kan inte längre ändras.', 'PROTOCOL_CONFIRMED');
  }
}

/** Stores the changed heats and everything derived from all heats, in the caller's transaction. */
async function storeHeats(tx: Transaction, row: MatchRow, state: MatchState, changed: Heat[]) {
  await repo.saveHeats(tx, row.id, changed);
  return repo.update(tx, row.id, derivedFields(state, row.status));
}

export async function listMatches(ctx: AppContext, { user }: Auth): Promise<MatchSummary[]> {
  const rows = await repo.listOwned(ctx.db, user.id);
  return rows.map(toMatchSummary);
}

export async function getMatch(ctx: AppContext, { user }: Auth, id: string): Promise<Match> {
  const row = await repo.findOwned(ctx.db, user.id, id);
  if (!row) throw notFound(PROTOCOL_NOT_FOUND);
  return toMatch(row, await repo.heats(ctx.db, id));
}

/**
 * A protocol from an official match: its rulebook, a snapshot of its teams and line-ups, and the
 * 15 heats of the programme. The caller's unfinished protocol of the match is returned instead of
 * a second one.
 */
export async function createFromOfficial(
  ctx: AppContext,
  { user }: Auth,
  officialMatchId: string,
): Promise<{ match: Match; created: boolean }> {
  const official = await officialMatchForProtocol(ctx.db, officialMatchId);
  if (!official) throw notFound(OFFICIAL_MATCH_NOT_FOUND);
  const { rulebook, lineups } = official;
  if (lineups.home.length === 0 || lineups.away.length === 0) {
    throw conflict(
      'Laguppställningarna är inte publicerade ännu. Försök igen senare.',
      'LINEUPS_MISSING',
    );
  }
  const invalid = checkLineups(lineups);
  if (invalid) throw ruleError(invalid.error);
  return ctx.db.transaction(async (tx) => {
    await repo.lockCreation(tx, user.id, officialMatchId);
    const open = await repo.findOpenFromOfficial(tx, user.id, officialMatchId);
    if (open) return { match: toMatch(open, await repo.heats(tx, open.id)), created: false };
    const state = createMatch(rulebook, lineups);
    const row = await repo.insert(
      tx,
      {
        createdBy: user.id,
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
        ...derivedFields(state),
      },
      state.heats,
    );
    return { match: toMatch(row, state.heats), created: true };
  });
}

/** The spec's heat save, judged by the engine on the locked protocol; points are never trusted. */
export async function saveHeat(
  ctx: AppContext,
  { user }: Auth,
  id: string,
  heatNumber: number,
  body: HeatSaveBody,
): Promise<HeatSaveResponse> {
  return changeProtocol(ctx, user.id, id, async (tx, row, state) => {
    assertEditable(row);
    const outcome = applyHeatSave(state, heatNumber, {
      ...(body.assignments ? { assignments: body.assignments } : {}),
      ...(body.results
        ? {
            results: body.results.map(({ rider_id, position, status }) => ({
              rider_id,
              position,
              status,
            })),
          }
        : {}),
      rr: body.rr === true,
    });
    if (!outcome.ok) throw ruleError(outcome.error);
    const saved = await storeHeats(tx, row, outcome.match, [outcome.heat]);
    return {
      heat: outcome.heat,
      home_score: saved.homeScore,
      away_score: saved.awayScore,
      completed_heats: saved.completedHeats,
      status: saved.status,
    };
  });
}

/** Nominations of heat 14 (elitserien-2019) and heat 15, in that order; all or nothing. */
export async function saveNominations(
  ctx: AppContext,
  { user }: Auth,
  id: string,
  body: NominationsBody,
): Promise<Match> {
  return changeProtocol(ctx, user.id, id, async (tx, row, state) => {
    assertEditable(row);
    let current = state;
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
    const saved = await storeHeats(tx, row, current, changed);
    return toMatch(saved, current.heats);
  });
}

/**
 * Confirming is saving: the same as 'Spara protokoll' (POST …/save), answered with the protocol.
 * Only a protocol the engine finds complete can be confirmed; it is read-only afterwards.
 */
export async function confirmMatch(ctx: AppContext, { user }: Auth, id: string): Promise<Match> {
  return changeProtocol(ctx, user.id, id, async (tx, row, state) => {
    const { protocol } = await saveLockedProtocol(tx, row, state);
    return toMatch(protocol, state.heats);
  });
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
