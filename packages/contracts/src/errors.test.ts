import { describe, expect, it } from 'vitest';
import { ErrorCodes, ErrorResponseSchema, RuleErrorCodes } from './errors';

describe('ErrorCodes', () => {
  it('has the codes the offline outbox classifies by (ADR 010), spelt as the server sends them', () => {
    expect({
      NETWORK_ERROR: ErrorCodes.NETWORK_ERROR,
      IDEMPOTENCY_KEY_INVALID: ErrorCodes.IDEMPOTENCY_KEY_INVALID,
      IDEMPOTENCY_KEY_REUSED: ErrorCodes.IDEMPOTENCY_KEY_REUSED,
      IDEMPOTENCY_KEY_IN_FLIGHT: ErrorCodes.IDEMPOTENCY_KEY_IN_FLIGHT,
      PROTOCOL_CONFIRMED: ErrorCodes.PROTOCOL_CONFIRMED,
      HEAT_CHANGED: ErrorCodes.HEAT_CHANGED,
      PROTOCOL_CHANGED: ErrorCodes.PROTOCOL_CHANGED,
      PRECONDITION_INVALID: ErrorCodes.PRECONDITION_INVALID,
    }).toEqual({
      NETWORK_ERROR: 'NETWORK_ERROR',
      IDEMPOTENCY_KEY_INVALID: 'IDEMPOTENCY_KEY_INVALID',
      IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
      IDEMPOTENCY_KEY_IN_FLIGHT: 'IDEMPOTENCY_KEY_IN_FLIGHT',
      PROTOCOL_CONFIRMED: 'PROTOCOL_CONFIRMED',
      HEAT_CHANGED: 'HEAT_CHANGED',
      PROTOCOL_CHANGED: 'PROTOCOL_CHANGED',
      PRECONDITION_INVALID: 'PRECONDITION_INVALID',
    });
  });

  it('are unique, and no engine code means something else', () => {
    const codes = Object.values(ErrorCodes);
    expect(new Set(codes).size).toBe(codes.length);
    const rules = Object.values(RuleErrorCodes);
    expect(rules).toContain('HEAT_LOCKED');
    expect(rules).toContain('NO_CHANGES');
    expect(rules.filter((code) => (codes as string[]).includes(code))).toEqual([]);
  });

  it('fit the one error shape, e.g. a 412', () => {
    const body = {
      statusCode: 412,
      error: 'Precondition Failed',
      code: ErrorCodes.HEAT_CHANGED,
      message: 'Heat 3 har ändrats på en annan enhet.',
    };
    expect(ErrorResponseSchema.parse(body)).toEqual(body);
  });
});
