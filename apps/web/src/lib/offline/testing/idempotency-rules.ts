// The server's Idempotency-Key rules (apps/server/src/plugins/idempotency.ts, ADR 009) for the
// offline tests' fake server (fake-server.ts), on the constants and payload identity both ends
// share (packages/contracts/src/idempotency.ts). apps/server/test/fake-idempotency.test.ts runs
// the same requests through these rules and through the real server and requires the same
// answers, so the fake cannot drift from it.

import {
  canonicalJson,
  IDEMPOTENCY_KEY_PATTERN,
  IDEMPOTENCY_MESSAGES,
  IDEMPOTENT_REPLAYED_HEADER,
} from '@speedway/contracts';

/** A reply as the fake server sends it. */
export type KeyedReply = { status?: number; json?: unknown; headers?: Record<string, string> };

/** What a write with a key is, for the rules: who sent it to which route, and its payload. */
export type KeyedRequest = {
  /** Whose key it is (the server scopes keys per user): the Authorization header will do. */
  user: string | null;
  method: string;
  /** The route's pattern ("/api/matches/:id/heat/:heatNumber/save"): keys are per route. */
  route: string;
  /** The path with its query: the payload's identity includes it. */
  url: string;
  key: string;
  body: unknown;
};

export type Verdict =
  /** Carry the write out, then call `done` with its reply (stored when it is not a refusal). */
  | { kind: 'write'; done: (reply: KeyedReply) => void }
  /** Answer this without writing: the stored reply again, or a refusal of the key. */
  | { kind: 'answer'; reply: KeyedReply };

const refusal = (statusCode: number, error: string, code: string, message: string) => ({
  status: statusCode,
  json: { statusCode, error, code, message },
});

export const INVALID_KEY = refusal(
  400,
  'Bad Request',
  'IDEMPOTENCY_KEY_INVALID',
  IDEMPOTENCY_MESSAGES.invalid,
);
export const REUSED_KEY = refusal(
  422,
  'Unprocessable Entity',
  'IDEMPOTENCY_KEY_REUSED',
  IDEMPOTENCY_MESSAGES.reused,
);
export const KEY_IN_FLIGHT = refusal(
  409,
  'Conflict',
  'IDEMPOTENCY_KEY_IN_FLIGHT',
  IDEMPOTENCY_MESSAGES.inFlight,
);

/** Whether a raw header value is a key the server takes. */
export function isValidKey(key: string): boolean {
  return IDEMPOTENCY_KEY_PATTERN.test(key);
}

/**
 * The keys one server holds: the same key (per user and route) with the same payload gets the
 * stored reply, marked replayed, and writes nothing; with another payload 422; while the first is
 * still being carried out 409. Refusals are not stored: the write rolled back with its key.
 */
export function idempotencyKeys() {
  const stored = new Map<string, { fingerprint: string; reply: KeyedReply }>();
  const inFlight = new Set<string>();

  return {
    begin(request: KeyedRequest): Verdict {
      if (!isValidKey(request.key)) return { kind: 'answer', reply: INVALID_KEY };
      const scope = JSON.stringify([request.user, request.method, request.route, request.key]);
      const fingerprint = `${request.method} ${request.url}\n${canonicalJson(request.body ?? null)}`;
      const found = stored.get(scope);
      if (found) {
        if (found.fingerprint !== fingerprint) return { kind: 'answer', reply: REUSED_KEY };
        const { reply } = found;
        const headers = { ...reply.headers, [IDEMPOTENT_REPLAYED_HEADER]: 'true' };
        return { kind: 'answer', reply: { ...reply, headers } };
      }
      if (inFlight.has(scope)) return { kind: 'answer', reply: KEY_IN_FLIGHT };
      inFlight.add(scope);
      return {
        kind: 'write',
        done: (reply) => {
          inFlight.delete(scope);
          if ((reply.status ?? 200) < 400) stored.set(scope, { fingerprint, reply });
        },
      };
    },
  };
}
