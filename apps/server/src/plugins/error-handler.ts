import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCodes, type ErrorResponse } from '@speedway/contracts';
import { STATUS_CODES } from 'node:http';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Validation failures on these body fields answer 422 with the given message. */
    unprocessableFields?: { fields: string[]; message: string; code: string };
  }
}

function send(
  reply: FastifyReply,
  statusCode: number,
  code: string,
  message: string,
  details?: ErrorResponse['details'],
) {
  const body: ErrorResponse = {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code,
    message,
    ...(details ? { details } : {}),
  };
  return reply.status(statusCode).type('application/json; charset=utf-8').send(body);
}

const FASTIFY_CLIENT_ERRORS: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, ErrorCodes.INVALID_JSON, 'Ogiltig JSON i förfrågan.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, ErrorCodes.BODY_TOO_LARGE, 'Förfrågan är för stor.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    'Innehållstypen stöds inte. Skicka JSON.',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    'INVALID_CONTENT_LENGTH',
    'Ogiltig längd på förfrågan.',
  ],
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      reply.headers(err.headers);
      return send(reply, err.statusCode, err.code, err.message);
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const details = err.validation.map((v) => ({
        path: [err.validationContext, ...v.instancePath.split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Ogiltigt värde.',
      }));
      const special = request.routeOptions.config.unprocessableFields;
      if (
        special &&
        err.validationContext === 'body' &&
        err.validation.some((v) => special.fields.includes(v.instancePath.split('/')[1] ?? ''))
      ) {
        return send(reply, 422, special.code, special.message, details);
      }
      const first = details[0];
      const message = first
        ? `Ogiltig indata (${first.path}): ${first.message}`
        : 'Ogiltig indata.';
      return send(reply, 400, ErrorCodes.VALIDATION, message, details);
    }
    const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
    if (known) return send(reply, ...known);
    if (err.statusCode === 429) {
      return send(
        reply,
        429,
        ErrorCodes.RATE_LIMITED,
        'För många förfrågningar. Försök igen om en stund.',
      );
    }
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      request.log.info({ err }, 'client error');
      return send(reply, err.statusCode, err.code ?? 'BAD_REQUEST', 'Felaktig förfrågan.');
    }
    request.log.error({ err }, 'unhandled error');
    return send(
      reply,
      500,
      ErrorCodes.INTERNAL,
      `Något gick fel på servern. Försök igen. (Referens: ${request.id})`,
    );
  });
}

export function sendNotFound(reply: FastifyReply) {
  return send(reply, 404, ErrorCodes.NOT_FOUND, 'Resursen finns inte.');
}
