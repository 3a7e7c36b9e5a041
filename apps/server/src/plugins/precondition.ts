import { ErrorCodes } from '@speedway/contracts';
import { TAG_PATTERN } from '@speedway/rules';
import type { FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors';
import type { IfMatch } from '../lib/preconditions';

/**
 * Optional `If-Match: "<tag>"` on the writes the offline outbox replays (ADR 010 §6): the tag of
 * the state the change was made on (the engine's heatTag, nominationsTag or protocolTag). A write
 * whose stored state has another tag is refused with 412 and writes nothing; without the header
 * nothing is checked. Judged by the write on the state it has already read, where the engine
 * judges it (lib/preconditions.ts), so with an Idempotency-Key a stored reply wins over a moved
 * tag (ADR 009).
 */

export const IF_MATCH_HEADER = 'if-match';

/** One strong entity tag in quotes, of the engine's form. */
const HEADER_PATTERN = /^"([^"]*)"$/;

const invalidPrecondition = () =>
  badRequest(
    'Ogiltig If-Match: ange en version som "<tagg>" (14 hexadecimala tecken).',
    ErrorCodes.PRECONDITION_INVALID,
  );

/** The request's `If-Match` tag; null without the header; 400 when malformed. */
export function ifMatchOf(request: FastifyRequest): IfMatch {
  const header = request.headers[IF_MATCH_HEADER];
  if (header === undefined) return null;
  const tag = HEADER_PATTERN.exec(header)?.[1];
  if (tag === undefined || !TAG_PATTERN.test(tag)) throw invalidPrecondition();
  return tag;
}
