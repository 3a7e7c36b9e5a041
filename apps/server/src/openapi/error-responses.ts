import { ErrorResponseSchema } from '@speedway/contracts';
import { z } from 'zod';

// The error shape is one component of the document (#/components/schemas/ErrorResponse); every
// error reply of every route refers to it.
z.globalRegistry.add(ErrorResponseSchema, {
  id: 'ErrorResponse',
  description:
    'Felsvaret, detsamma för alla fel: `message` är en svensk text för användaren, `code` är ' +
    'det klienten väljer väg efter, `details` finns bara vid ogiltig indata.',
});

const described = new WeakSet<object>();

/**
 * A status a route answers with the error shape, and why. It is ErrorResponseSchema itself to
 * Fastify (the error reply is serialised by it) and `$ref`s the one component in the document.
 */
export function errorResponse(description: string): typeof ErrorResponseSchema {
  const schema = ErrorResponseSchema.meta({ description });
  described.add(schema);
  return schema;
}

/** The description when `schema` is one made by errorResponse(), else null. */
export function errorDescriptionOf(schema: unknown): string | null {
  if (typeof schema !== 'object' || schema === null || !described.has(schema)) return null;
  return (z.globalRegistry.get(schema as z.ZodType)?.description as string | undefined) ?? null;
}

/** Every route behind requireAuth. */
export const SIGNED_IN_ERRORS = {
  401: errorResponse(
    'Inte inloggad (`UNAUTHORIZED`), eller sessionen är utloggad eller återkallad (`SESSION_INVALID`).',
  ),
};

/** Every route behind requireRole; name the roles in the route's `x-roles`. */
export const ROLE_ERRORS = {
  ...SIGNED_IN_ERRORS,
  403: errorResponse('Inloggad men utan rätt roll (`FORBIDDEN`).'),
};

/**
 * Statuses the app's own plugins answer on routes, whatever the route: the document adds them to
 * every operation they apply to (openapi/document.ts), with these descriptions.
 */
export const PLUGIN_ERRORS = {
  400:
    'Ogiltig indata: ett fält, en sökväg- eller frågeparameter eller ett huvud stämmer inte med ' +
    'schemat (`VALIDATION_ERROR`, med `details`), otillåtna tecken i text eller nycklar ' +
    '(`VALIDATION_ERROR`), ogiltig JSON (`INVALID_JSON`) eller en adress som inte går att ' +
    'avkoda (`BAD_URL`).',
  413: 'Förfrågan är för stor (`BODY_TOO_LARGE`).',
  414: 'En sökvägsparameter är för lång (`URI_TOO_LONG`).',
  415: 'Innehållstypen stöds inte: skicka `application/json` (`UNSUPPORTED_MEDIA_TYPE`).',
  429:
    'För många förfrågningar (`RATE_LIMITED`): per inloggad användare, annars per IP-adress. ' +
    '`Retry-After` anger sekunder att vänta.',
  500: 'Fel på servern (`INTERNAL_ERROR`); meddelandet anger en referens (request id).',
} as const;
