import { ErrorCodes } from '@speedway/contracts';
import { heatOf, heatTag, protocolTag, TAG_PATTERN, type MatchState } from '@speedway/rules';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../lib/errors';

/**
 * Optional `If-Match: "<tag>"` on the writes the offline outbox replays (ADR 010 §6): the tag of
 * the state the change was made on (the engine's heatTag, nominationsTag or protocolTag). A write
 * whose stored state has another tag is refused with 412 and writes nothing; without the header
 * nothing is checked. Judged by the write on the state it has already read, where the engine
 * judges it, so with an Idempotency-Key a stored reply wins over a moved tag (ADR 009).
 */

export const IF_MATCH_HEADER = 'if-match';

/** The tag a request names; null: no header, no check. */
export type IfMatch = string | null;

/** One strong entity tag in quotes, of the engine's form. */
const HEADER_PATTERN = /^"([^"]*)"$/;

const invalidPrecondition = () =>
  badRequest(
    'Ogiltig If-Match: ange en version som "<tagg>" (14 hexadecimala tecken).',
    ErrorCodes.PRECONDITION_INVALID,
  );

const heatChanged = (heatNumber: number) =>
  new AppError(412, ErrorCodes.HEAT_CHANGED, `Heat ${heatNumber} har ändrats på en annan enhet.`);

const protocolChanged = () =>
  new AppError(412, ErrorCodes.PROTOCOL_CHANGED, 'Protokollet har ändrats på en annan enhet.');

/** The request's `If-Match` tag; null without the header; 400 when malformed. */
export function ifMatchOf(request: FastifyRequest): IfMatch {
  const header = request.headers[IF_MATCH_HEADER];
  if (header === undefined) return null;
  const tag = HEADER_PATTERN.exec(header)?.[1];
  if (tag === undefined || !TAG_PATTERN.test(tag)) throw invalidPrecondition();
  return tag;
}

/**
 * The 412 HEAT_CHANGED when heat n of the state is not the version named; null when it is,
 * without a header, or when there is no such heat (the engine's refusal).
 */
export function heatChangedFrom(
  ifMatch: IfMatch,
  state: Pick<MatchState, 'heats'>,
  heatNumber: number,
): AppError | null {
  if (ifMatch === null) return null;
  const heat = heatOf(state, heatNumber);
  return heat && heatTag(heat) !== ifMatch ? heatChanged(heatNumber) : null;
}

/** 412 PROTOCOL_CHANGED unless the protocol (or the part `tagOf` hashes) is the version named. */
export function assertProtocolUnchanged(
  ifMatch: IfMatch,
  state: Pick<MatchState, 'heats'>,
  tagOf: (state: Pick<MatchState, 'heats'>) => string = protocolTag,
): void {
  if (ifMatch !== null && tagOf(state) !== ifMatch) throw protocolChanged();
}
