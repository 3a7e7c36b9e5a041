import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import type { Role } from '@speedway/contracts';
import { ErrorCodes } from '@speedway/contracts';
import type { Auth } from '../context';
import { forbidden, unauthorized } from '../lib/errors';

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

/** The live session of a bearer token, or undefined (app.ts passes the auth feature's). */
export type SignedIn = (token: string, ip: string) => Promise<Auth | undefined>;

/** Resolves the bearer token to a live session on every request that carries one. */
export function registerAuth(app: FastifyInstance, signedIn: SignedIn) {
  app.decorateRequest('auth', null);
  app.decorateRequest('authRevoked', false);
  app.addHook('onRequest', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    const token = bearerToken(request);
    if (!token) return;
    const auth = await signedIn(token, request.ip);
    if (!auth) {
      // Public routes (login, register) still answer; protected ones say the session is gone.
      request.authRevoked = true;
      return;
    }
    request.auth = auth;
  });
}

function assertSignedIn(
  request: FastifyRequest,
): asserts request is FastifyRequest & { auth: Auth } {
  if (request.auth) return;
  if (request.authRevoked) throw unauthorized(SESSION_INVALID_MESSAGE, ErrorCodes.SESSION_INVALID);
  throw unauthorized();
}

export const requireAuth: preHandlerAsyncHookHandler = async (request) => {
  assertSignedIn(request);
};

export function requireRole(...roles: Role[]): preHandlerAsyncHookHandler {
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
