import { createHash } from 'node:crypto';
import {
  canonicalJson,
  ErrorCodes,
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_PATTERN as KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@speedway/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { AppError, badRequest, conflict } from '../lib/errors';
import {
  IDEMPOTENCY_KEY_CONSTRAINT,
  idempotencyStore as store,
  type KeyScope,
  type StoredKey,
  type StoredReply,
} from '../lib/idempotency-store';
import type { WriteKey } from '../lib/keyed-transaction';
import { authOf } from './auth';

/**
 * `Idempotency-Key` on writes a device may send again (the offline outbox, a retry after a lost
 * answer), after the IETF draft "The Idempotency-Key HTTP Header Field" (ADR 009): the key is
 * stored with the reply in the write's own transaction; a repeat with the same payload gets the
 * stored reply (`Idempotent-Replayed: true`) and writes nothing; the same key with another
 * payload is 422; a repeat while the first is still being processed, on any instance, is 409.
 */

const invalidKey = () =>
  badRequest(IDEMPOTENCY_MESSAGES.invalid, ErrorCodes.IDEMPOTENCY_KEY_INVALID);
const reusedKey = () =>
  new AppError(422, ErrorCodes.IDEMPOTENCY_KEY_REUSED, IDEMPOTENCY_MESSAGES.reused);
const keyInFlight = () =>
  conflict(IDEMPOTENCY_MESSAGES.inFlight, ErrorCodes.IDEMPOTENCY_KEY_IN_FLIGHT);

/** Thrown by claim() to end the write's transaction without writing: its reply is stored. */
class StoredReplyFound extends Error {
  constructor(readonly stored: StoredReply) {
    super('idempotent replay');
  }
}

/** The request's key; null without the header; 400 when malformed. */
function keyOf(request: FastifyRequest): string | null {
  const header = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (header === undefined) return null;
  if (typeof header !== 'string' || !KEY_PATTERN.test(header)) throw invalidKey();
  return header;
}

function fingerprintOf(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`)
    .digest('hex');
}

/** The stored reply when the payload matches; 422 when the key was used for another. */
function sameRequest(stored: StoredKey, scope: KeyScope): StoredReply {
  if (stored.fingerprint !== scope.fingerprint) throw reusedKey();
  return stored;
}

function isStoredMeanwhile(err: unknown): boolean {
  const cause = (err as { cause?: { code?: string; constraint?: string } }).cause ?? err;
  const pg = cause as { code?: string; constraint?: string };
  return pg.code === '23505' && pg.constraint === IDEMPOTENCY_KEY_CONSTRAINT;
}

function send(reply: FastifyReply, stored: StoredReply, replayed: boolean): void {
  if (replayed) reply.header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  // JSON text is sent as it is (Fastify serialises no string of a JSON content type).
  reply.status(stored.status).type('application/json; charset=utf-8').send(stored.body);
}

export type Shape<R> = (result: R) => { status: number; body: unknown };

/**
 * A write route that accepts `Idempotency-Key`: `write` gets the request's key (null without the
 * header: the write runs exactly as before, with nothing added) and uses it in its transaction
 * (`keyedTransaction`, or claim/store itself). `shape` makes the reply of the write's result
 * (default: 200 with the result).
 */
export async function idempotent<R>(
  db: Database,
  request: FastifyRequest,
  reply: FastifyReply,
  write: (key: WriteKey<R> | null) => Promise<R>,
  shape: Shape<NoInfer<R>> = (result) => ({ status: 200, body: result }),
): Promise<void> {
  const key = keyOf(request);
  if (key === null) {
    const { status, body } = shape(await write(null));
    reply.status(status).send(body);
    return;
  }
  const scope: KeyScope = {
    userId: authOf(request).user.id,
    method: request.method,
    route: request.routeOptions.url ?? request.url,
    key,
    fingerprint: fingerprintOf(request),
  };
  let sent = null as StoredReply | null;
  // Serialised by the route's response schema, as Fastify would: what is stored is what is sent.
  const replyOf = (result: R): StoredReply => {
    const { status, body } = shape(result);
    reply.status(status);
    sent = { status, body: reply.serialize(body) as string };
    return sent;
  };
  const writeKey: WriteKey<R> = {
    scope,
    async claim(tx) {
      const { free, stored } = await store.claim(tx, scope);
      if (stored) throw new StoredReplyFound(sameRequest(stored, scope));
      if (!free) throw keyInFlight();
    },
    async store(tx, result) {
      await store.insert(tx, { ...scope, ...replyOf(result) });
    },
    row: (result) => ({ ...scope, ...replyOf(result) }),
  };
  try {
    await write(writeKey);
  } catch (err) {
    if (err instanceof StoredReplyFound) return send(reply, err.stored, true);
    // A repeat that committed between this transaction's first read and its lock (the write here
    // rolled back with the key's insert): answered as a repeat found at the start would be.
    if (isStoredMeanwhile(err)) {
      const stored = await store.find(db, scope);
      if (!stored) throw keyInFlight();
      return send(reply, sameRequest(stored, scope), true);
    }
    throw err;
  }
  if (!sent) throw new Error('A write with an Idempotency-Key stored no reply.');
  return send(reply, sent, false);
}
