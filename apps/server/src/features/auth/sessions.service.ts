import type { Auth } from '../../context';
import type { Database, Executor } from '../../db/client';
import { sha256 } from '../../lib/crypto';
import { sessionsRepository, type SessionRow } from './sessions.repository';
import { tokensRepository } from './tokens.repository';

/**
 * The live session of a bearer token with its user (undefined: revoked, expired or never one),
 * its last-active touched when due. plugins/auth.ts asks this on every request with a token.
 */
export async function signedIn(db: Database, token: string, ip: string): Promise<Auth | undefined> {
  const found = await sessionsRepository.findByTokenHash(db, sha256(token));
  if (!found) return undefined;
  await sessionsRepository.touchIfDue(db, found.session, ip);
  return { ...found, dataVersions: found.dataVersions ?? {} };
}

/** The user's live sessions, the latest used first. */
export function liveSessions(db: Executor, userId: string): Promise<SessionRow[]> {
  return sessionsRepository.listForUser(db, userId);
}

/** Signs one of the user's sessions out; false when the user has no such session. */
export function endSession(db: Executor, userId: string, id: string): Promise<boolean> {
  return sessionsRepository.deleteOne(db, userId, id);
}

/** Signs out every session of the user but one; the number signed out. */
export function endOtherSessions(db: Executor, userId: string, keepId: string): Promise<number> {
  return sessionsRepository.deleteOthers(db, userId, keepId);
}

/** Removes sessions past their lifetime and expired links and tickets; the sessions removed. */
export async function pruneExpired(db: Executor): Promise<number> {
  const sessions = await sessionsRepository.pruneExpired(db);
  await tokensRepository.prune(db);
  return sessions;
}
