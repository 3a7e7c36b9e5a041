import type { FastifyInstance, FastifyRequest, preHandlerHookHandler } from 'fastify';
import type { Role } from '@speedway/contracts';
import { ErrorCodes } from '@speedway/contracts';
import type { Database } from '../db/client';
import { sha256 } from '../lib/crypto';
import { forbidden, unauthorized } from '../lib/errors';
import {
  sessionsRepository,
  type SessionRow,
  type UserRow,
} from '../features/auth/sessions.repository';

export type Auth = {
  user: UserRow;
  session: SessionRow;
  /** data_versions as read with the session (see db/data-versions.ts). */
  dataVersions: Record<string, string>;
};

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
    /** A bearer token was sent but names no live session (revoked, signed out, deleted). */
    authRevoked: boolean;
  }
}

export const SESSION_INVALID_MESSAGE =
  'Din session är ogiltig eller har återkallats. Logga in igen.';

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** Resolves the bearer token to a live session on every request that carries one. */
export function registerAuth(app: FastifyInstance, db: Database) {
  app.decorateRequest('auth', null);
  app.decorateRequest('authRevoked', false);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (!token) return;
    const found = await sessionsRepository.findByTokenHash(db, sha256(token));
    if (!found) {
      // Public routes (login, register) still answer; protected ones say the session is gone.
      request.authRevoked = true;
      return;
    }
    request.auth = { ...found, dataVersions: found.dataVersions ?? {} };
    await sessionsRepository.touchIfDue(db, found.session, request.ip);
  });
}

function assertSignedIn(
  request: FastifyRequest,
): asserts request is FastifyRequest & { auth: Auth } {
  if (request.auth) return;
  if (request.authRevoked) throw unauthorized(SESSION_INVALID_MESSAGE, ErrorCodes.SESSION_INVALID);
  throw unauthorized();
}

export const requireAuth: preHandlerHookHandler = async (request) => {
  assertSignedIn(request);
};

export function requireRole(...roles: Role[]): preHandlerHookHandler {
  return async (request) => {
    assertSignedIn(request);
    if (!roles.includes(request.auth.user.role)) throw forbidden();
  };
}

/** The signed-in user of a route behind requireAuth. */
export function authOf(request: FastifyRequest): Auth {
  assertSignedIn(request);
  return request.auth;
}
