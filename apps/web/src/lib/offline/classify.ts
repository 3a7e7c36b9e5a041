import { ErrorCodes, RuleErrorCodes } from '@speedway/contracts';

// ADR 010 §4: what a reply to a replayed change means, by status *and* code (never by text).

/** retry: not known to be done; unauthorized: the session is gone; conflict and failed block. */
export type Verdict = 'retry' | 'unauthorized' | 'conflict' | 'failed';

const RULE_CODES: ReadonlySet<string> = new Set(Object.values(RuleErrorCodes));
const CHANGED_ELSEWHERE: ReadonlySet<string> = new Set([
  ErrorCodes.HEAT_CHANGED,
  ErrorCodes.PROTOCOL_CHANGED,
]);
const PROTOCOL_STATE: ReadonlySet<string> = new Set([
  ErrorCodes.PROTOCOL_CONFIRMED,
  ErrorCodes.PROTOCOL_INCOMPLETE,
]);

export function classify(status: number, code?: string): Verdict {
  // 0: the server was never reached, or the call timed out.
  if (status === 0 || status === 408 || status === 429 || status >= 500) return 'retry';
  if (status === 401) return 'unauthorized';
  if (status === 409 && code === ErrorCodes.IDEMPOTENCY_KEY_IN_FLIGHT) return 'retry';
  if (status === 412 && code !== undefined && CHANGED_ELSEWHERE.has(code)) return 'conflict';
  // Saved elsewhere meanwhile, or no longer complete there: the protocol's state decides.
  if (status === 409 && code !== undefined && PROTOCOL_STATE.has(code)) return 'conflict';
  // The engine refused on the server's state: my change no longer fits (HEAT_LOCKED, NO_CHANGES…).
  if ((status === 409 || status === 400) && code !== undefined && RULE_CODES.has(code)) {
    return 'conflict';
  }
  // 403, 404 (protocol gone or not yours), 400 VALIDATION_ERROR, 422 key reused: nothing to retry.
  return 'failed';
}
