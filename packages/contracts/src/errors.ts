import { RULE_ERROR_CODES } from '@speedway/rules';
import { z } from 'zod';

export const ErrorCodes = {
  VALIDATION: 'VALIDATION_ERROR',
  INVALID_JSON: 'INVALID_JSON',
  BODY_TOO_LARGE: 'BODY_TOO_LARGE',
  INVALID_EMAIL: 'INVALID_EMAIL',
  UNAUTHORIZED: 'UNAUTHORIZED',
  SESSION_INVALID: 'SESSION_INVALID',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  EMAIL_NOT_VERIFIED: 'EMAIL_NOT_VERIFIED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  INVALID_TOKEN: 'INVALID_TOKEN',
  INVALID_CODE: 'INVALID_CODE',
  /** The current password given to confirm a change behind a session is wrong. */
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  RATE_LIMITED: 'RATE_LIMITED',
  INTERNAL: 'INTERNAL_ERROR',
  // Refusals before a route runs (Fastify's and Node's own), answered in this shape too.
  BAD_REQUEST: 'BAD_REQUEST',
  BAD_URL: 'BAD_URL',
  MISSING_HOST: 'MISSING_HOST',
  INVALID_CONTENT_LENGTH: 'INVALID_CONTENT_LENGTH',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  NOT_ACCEPTABLE: 'NOT_ACCEPTABLE',
  REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  LENGTH_REQUIRED: 'LENGTH_REQUIRED',
  URI_TOO_LONG: 'URI_TOO_LONG',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  HEADERS_TOO_LARGE: 'HEADERS_TOO_LARGE',
  // Replayed writes (ADR 009, 010): the offline outbox classifies a reply by these, never by text.
  /** Client only (status 0): no answer, a timeout or offline. */
  NETWORK_ERROR: 'NETWORK_ERROR',
  /** 400: a malformed Idempotency-Key. */
  IDEMPOTENCY_KEY_INVALID: 'IDEMPOTENCY_KEY_INVALID',
  /** 422: the key was used for another payload. */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  /** 409: a request with the key is still being processed; retry. */
  IDEMPOTENCY_KEY_IN_FLIGHT: 'IDEMPOTENCY_KEY_IN_FLIGHT',
  /** 409: the protocol is saved and read-only. */
  PROTOCOL_CONFIRMED: 'PROTOCOL_CONFIRMED',
  /** 409: a protocol start names an id another protocol already has (ADR 019). */
  PROTOCOL_ID_TAKEN: 'PROTOCOL_ID_TAKEN',
  /** 409: 'Spara protokoll' before every heat is registered. */
  PROTOCOL_INCOMPLETE: 'PROTOCOL_INCOMPLETE',
  /** 412: `If-Match` names another version of the heat than the stored one. */
  HEAT_CHANGED: 'HEAT_CHANGED',
  /** 412: `If-Match` names another version of the protocol (or of heats 14/15) than the stored one. */
  PROTOCOL_CHANGED: 'PROTOCOL_CHANGED',
  /** 400: a malformed `If-Match`. */
  PRECONDITION_INVALID: 'PRECONDITION_INVALID',
  /** 409: an approval names another revision of the ad than the stored one (changed since). */
  AD_CHANGED: 'AD_CHANGED',
  /** 503: the health check cannot reach PostgreSQL. */
  DATABASE_UNAVAILABLE: 'DATABASE_UNAVAILABLE',
  /** 503: the instance holds as many live event streams as it may. */
  LIVE_STREAMS_FULL: 'LIVE_STREAMS_FULL',
  /** 404: no live link with this token, or it has ended. */
  LIVE_LINK_NOT_FOUND: 'LIVE_LINK_NOT_FOUND',
  /** 409: a protocol cannot start before both line-ups are known. */
  LINEUPS_MISSING: 'LINEUPS_MISSING',
  /** 409: a comparison with the official result before there is one. */
  NO_OFFICIAL_RESULT: 'NO_OFFICIAL_RESULT',
  /** 409: a test push for a user without a push subscription. */
  NO_PUSH_SUBSCRIPTION: 'NO_PUSH_SUBSCRIPTION',
  /** 400/422: an official-data file that does not follow `speedway-official/1`. */
  INVALID_OFFICIAL_DATA: 'INVALID_OFFICIAL_DATA',
  /** 409: a sync asked for while no official source is set. */
  SYNC_NOT_CONFIGURED: 'SYNC_NOT_CONFIGURED',
  /** 409: a sync asked for while one runs. */
  SYNC_RUNNING: 'SYNC_RUNNING',
  /** 400: a push subscription whose endpoint is not a known push service. */
  PUSH_ENDPOINT_NOT_ALLOWED: 'PUSH_ENDPOINT_NOT_ALLOWED',
  /** 503: the PDF renderer is not available. */
  PDF_UNAVAILABLE: 'PDF_UNAVAILABLE',
} as const;

/** The rules engine's refusal codes (400/409 with the engine's message), as the engine lists them. */
export const RuleErrorCodes = RULE_ERROR_CODES;
export type { RuleErrorCode } from '@speedway/rules';

/** Every code an error reply can carry: a closed list, the server's and the rules engine's. */

export type ErrorCode =
  | (typeof ErrorCodes)[keyof typeof ErrorCodes]
  | (typeof RULE_ERROR_CODES)[keyof typeof RULE_ERROR_CODES];

const ERROR_CODE_VALUES = [...Object.values(ErrorCodes), ...Object.values(RULE_ERROR_CODES)] as [
  ErrorCode,
  ...ErrorCode[],
];

/** The one error shape every API reply uses; the client shows `message`. */
export const ErrorResponseSchema = z.object({
  statusCode: z.number().int(),
  error: z.string(),
  /** A closed list: ErrorCodes and the rules engine's RuleErrorCodes. */
  code: z.enum(ERROR_CODE_VALUES),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
