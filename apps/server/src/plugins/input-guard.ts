import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import {
  ErrorCodes,
  scanUnsafeInput,
  unsafeInputDetail,
  unsafeInputMessage,
} from '@speedway/contracts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { AppError, InvalidInputError } from '../lib/errors';

/**
 * Values looked at between turns of the event loop: a 10 MB import holds about a million, and a
 * walk over all of them at once would hold every other request for tens of milliseconds.
 */
const VALUES_PER_TURN = 20_000;

export const NO_BODY_MESSAGE = 'Förfrågan ska inte ha något innehåll (body).';
const NO_BODY_DETAIL = 'Ska utelämnas.';

/**
 * Refuses, for every route, input no schema should have to think about: NUL (PostgreSQL cannot
 * store it; it gave 500s), lone surrogates (not Unicode; stored as U+FFFD or refused by jsonb),
 * absurd nesting and prototype keys, in the body, the query and the path parameters, keys and
 * values alike. One check in one place, so that a new route and a new field are covered without
 * anyone remembering it.
 */
export const inputGuard: preValidationAsyncHookHandler = async (request) => {
  // A route whose contract names no body takes none: a body sent anyway is a client's mistake
  // (or a probe), refused here for every such route rather than silently ignored. An empty body
  // (the client's DELETEs with Content-Type: application/json) is no body (plugins/json-body.ts).
  if (request.body !== undefined && !request.routeOptions.schema?.body) {
    throw new InvalidInputError(NO_BODY_MESSAGE, [{ path: 'body', message: NO_BODY_DETAIL }]);
  }
  const parts = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const;
  for (const [root, value] of parts) {
    const scan = scanUnsafeInput(value, root);
    let problem = scan.step(VALUES_PER_TURN);
    while (problem === undefined) {
      await nextTurn();
      problem = scan.step(VALUES_PER_TURN);
    }
    if (problem) {
      throw new InvalidInputError(unsafeInputMessage(problem), [
        { path: problem.path, message: unsafeInputDetail(problem.reason) },
      ]);
    }
  }
};

/**
 * Appended as each route's last preValidation hook, so that it runs after the route's own
 * (requireAuth, requireRole): a caller without a session still hears 401 before anything about
 * the body, as with every other validation.
 */
export function registerInputGuard(app: FastifyInstance) {
  // HTTP/1.1 requires a Host header (RFC 9112 §3.2); without one the request is refused.
  app.addHook('onRequest', async (request) => {
    const { httpVersionMajor, httpVersionMinor } = request.raw;
    if (httpVersionMajor === 1 && httpVersionMinor >= 1 && !request.headers.host) {
      throw new AppError(400, ErrorCodes.MISSING_HOST, 'Förfrågan saknar Host-huvud.');
    }
  });
  app.addHook('onRoute', (route) => {
    const own = route.preValidation ? [route.preValidation].flat() : [];
    // A GET's automatic HEAD twin is registered from the same options: add the guard once.
    if (!own.includes(inputGuard)) route.preValidation = [...own, inputGuard];
  });
}
