// The Idempotency-Key rules (ADR 009) as both ends know them: the server keeps them
// (apps/server/src/plugins/idempotency.ts), the offline tests' fake server follows them
// (apps/web/src/lib/offline/testing/idempotency-rules.ts).

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** 1–255 visible ASCII characters (a UUID, a ULID, or any string the client makes unique). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x21-\x7e]{1,255}$/;

/** The refusals' messages, word for word as the server sends them. */
export const IDEMPOTENCY_MESSAGES = {
  invalid:
    'Ogiltig Idempotency-Key: nyckeln ska vara 1–255 synliga ASCII-tecken (utan mellanslag).',
  reused:
    'Idempotency-Key har redan använts för en annan ändring. Skicka en ny nyckel för en ny ändring.',
  inFlight: 'En förfrågan med samma Idempotency-Key behandlas redan. Försök igen om en stund.',
} as const;

/**
 * JSON with object keys sorted at every level: the same payload always gives the same text, so a
 * key sent again with the same payload is recognised however its object keys were ordered.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
