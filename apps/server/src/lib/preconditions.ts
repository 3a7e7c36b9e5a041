import { ErrorCodes } from '@speedway/contracts';
import { heatOf, heatTag, protocolTag, type MatchState } from '@speedway/rules';
import { AppError } from './errors';

// A write's `If-Match` precondition as the services judge it, without HTTP: plugins/precondition.ts
// reads the tag from the request (ADR 010 §6). A write whose stored state has another tag is
// refused with 412 and writes nothing; without a tag nothing is checked.

/** The tag a request names; null: no header, no check. */
export type IfMatch = string | null;

const heatChanged = (heatNumber: number) =>
  new AppError(412, ErrorCodes.HEAT_CHANGED, `Heat ${heatNumber} har ändrats på en annan enhet.`);

const protocolChanged = () =>
  new AppError(412, ErrorCodes.PROTOCOL_CHANGED, 'Protokollet har ändrats på en annan enhet.');

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
