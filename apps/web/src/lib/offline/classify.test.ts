import { describe, expect, it } from 'vitest';
import { classify, type Verdict } from './classify';

// ADR 010 §4's table, row by row.
const rows: [string, number, string | undefined, Verdict][] = [
  ['network error or timeout', 0, 'NETWORK_ERROR', 'retry'],
  ['500', 500, 'INTERNAL_ERROR', 'retry'],
  ['502 from a proxy, no code', 502, undefined, 'retry'],
  ['503', 503, undefined, 'retry'],
  ['408', 408, 'REQUEST_TIMEOUT', 'retry'],
  ['429', 429, 'RATE_LIMITED', 'retry'],
  ['409 key in flight', 409, 'IDEMPOTENCY_KEY_IN_FLIGHT', 'retry'],
  ['401', 401, 'SESSION_INVALID', 'unauthorized'],
  ['401 without a code', 401, undefined, 'unauthorized'],
  ['412 heat changed', 412, 'HEAT_CHANGED', 'conflict'],
  ['412 protocol changed', 412, 'PROTOCOL_CHANGED', 'conflict'],
  ['409 rule code', 409, 'HEAT_LOCKED', 'conflict'],
  ['409 rule code NO_CHANGES', 409, 'NO_CHANGES', 'conflict'],
  ['400 rule code', 400, 'INVALID_PLACEMENTS', 'conflict'],
  ['409 protocol confirmed', 409, 'PROTOCOL_CONFIRMED', 'conflict'],
  ['409 protocol incomplete', 409, 'PROTOCOL_INCOMPLETE', 'conflict'],
  ['403', 403, 'FORBIDDEN', 'failed'],
  ['404', 404, 'NOT_FOUND', 'failed'],
  ['400 validation', 400, 'VALIDATION_ERROR', 'failed'],
  ['422 key reused', 422, 'IDEMPOTENCY_KEY_REUSED', 'failed'],
  ['400 malformed key', 400, 'IDEMPOTENCY_KEY_INVALID', 'failed'],
  ['400 malformed If-Match', 400, 'PRECONDITION_INVALID', 'failed'],
  ['412 with an unknown code', 412, 'SOMETHING', 'failed'],
  ['409 with an unknown code', 409, 'CONFLICT', 'failed'],
];

describe('classify', () => {
  it.each(rows)('%s → %s', (_name, status, code, verdict) => {
    expect(classify(status, code)).toBe(verdict);
  });
});
