import type { Role } from '@speedway/contracts';
import { z } from 'zod';

declare module 'fastify' {
  interface FastifySchema {
    /** The roles a route admits beyond being signed in (shown in the document as `x-roles`). */
    'x-roles'?: readonly Role[];
    /**
     * Headers the route reads itself, for the document only: a Fastify `headers` schema would
     * replace request.headers with what it parsed, and refuse a bad key with the generic
     * VALIDATION_ERROR instead of the route's own code.
     */
    'x-request-headers'?: z.ZodObject;
  }
}

const idempotencyKey = z
  .string()
  .optional()
  .meta({
    description:
      'Valfri. 1–255 synliga ASCII-tecken (t.ex. ett UUID), tagna som de skickas. Samma nyckel ' +
      'och samma innehåll igen: det sparade svaret (`Idempotent-Replayed: true`) och ingenting ' +
      'skrivs; samma nyckel med annat innehåll: 422 `IDEMPOTENCY_KEY_REUSED`; medan den första ' +
      'behandlas: 409 `IDEMPOTENCY_KEY_IN_FLIGHT`; felaktig nyckel: 400 ' +
      '`IDEMPOTENCY_KEY_INVALID`. Nycklar sparas minst 24 timmar (ADR 009).',
    pattern: '^[\\x21-\\x7e]{1,255}$',
  });

const ifMatch = (names: string) =>
  z
    .string()
    .optional()
    .meta({
      description:
        `Valfri. Versionen ${names} som ändringen gjordes på, som \`"<tagg>"\` (14 ` +
        'hexadecimala gemener, regelmotorns tagg). Annan version lagrad: 412 och ingenting ' +
        'skrivs; felaktigt huvud: 400 `PRECONDITION_INVALID` (ADR 010).',
      pattern: '^"[0-9a-f]{14}"$',
    });

/** A write the offline outbox may send again: `Idempotency-Key`. */
export const IDEMPOTENT_HEADERS = z.object({ 'idempotency-key': idempotencyKey });

/** A replayable write that also checks `If-Match` against the version `names` (ADR 010). */
export const idempotentIfMatchHeaders = (names: string) =>
  z.object({ 'idempotency-key': idempotencyKey, 'if-match': ifMatch(names) });
