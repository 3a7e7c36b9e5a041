// The server's Idempotency-Key rules (apps/server/src/plugins/idempotency.ts, ADR 009) for the
// offline tests' fake server (fake-server.ts). Pure and without imports:
// apps/server/test/fake-idempotency.test.ts runs the same requests through these rules and
// through the real server and requires the same answers, so the fake cannot drift from it.

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

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** 1–255 visible ASCII characters. */
const KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

const refusal = (statusCode: number, error: string, code: string, message: string) => ({
  status: statusCode,
  json: { statusCode, error, code, message },
});

export const INVALID_KEY = refusal(
  400,
  'Bad Request',
  'IDEMPOTENCY_KEY_INVALID',
  'Ogiltig Idempotency-Key: nyckeln ska vara 1–255 synliga ASCII-tecken (utan mellanslag).',
);
export const REUSED_KEY = refusal(
  422,
  'Unprocessable Entity',
  'IDEMPOTENCY_KEY_REUSED',
  'Idempotency-Key har redan använts för en annan ändring. Skicka en ny nyckel för en ny ändring.',
);
export const KEY_IN_FLIGHT = refusal(
  409,
  'Conflict',
  'IDEMPOTENCY_KEY_IN_FLIGHT',
  'En förfrågan med samma Idempotency-Key behandlas redan. Försök igen om en stund.',
);

/** JSON with object keys sorted at every level: the same payload always compares the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Whether a raw header value is a key the server takes. */
export function isValidKey(key: string): boolean {
  return KEY_PATTERN.test(key);
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
