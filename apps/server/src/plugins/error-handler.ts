import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCodes, type ErrorCode, type ErrorResponse } from '@speedway/contracts';
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, InvalidInputError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Validation failures on these body fields answer 422 with the given message. */
    unprocessableFields?: { fields: string[]; message: string; code: ErrorCode };
  }
}

type Details = NonNullable<ErrorResponse['details']>;

function errorBody(statusCode: number, code: ErrorCode, message: string, details?: Details) {
  const body: ErrorResponse = {
    statusCode,
    error: STATUS_CODES[statusCode] ?? 'Error',
    code,
    message,
    ...(details ? { details } : {}),
  };
  return body;
}

function send(
  reply: FastifyReply,
  statusCode: number,
  code: ErrorCode,
  message: string,
  details?: Details,
) {
  return reply
    .status(statusCode)
    .type('application/json; charset=utf-8')
    .send(errorBody(statusCode, code, message, details));
}

/**
 * Swedish words for the statuses Fastify and Node give by themselves. None of them repeats the
 * URL or a header: what the client sent is never echoed.
 */
const STATUS_ANSWERS: Record<number, [code: ErrorCode, message: string]> = {
  400: [ErrorCodes.BAD_REQUEST, 'Felaktig förfrågan.'],
  404: [ErrorCodes.NOT_FOUND, 'Resursen finns inte.'],
  405: [ErrorCodes.METHOD_NOT_ALLOWED, 'Metoden stöds inte för den här adressen.'],
  406: [ErrorCodes.NOT_ACCEPTABLE, 'Svaret kan bara ges som JSON.'],
  408: [ErrorCodes.REQUEST_TIMEOUT, 'Förfrågan tog för lång tid att ta emot. Försök igen.'],
  411: [ErrorCodes.LENGTH_REQUIRED, 'Förfrågan saknar längd.'],
  413: [ErrorCodes.BODY_TOO_LARGE, 'Förfrågan är för stor.'],
  414: [ErrorCodes.URI_TOO_LONG, 'Adressen är för lång.'],
  415: [ErrorCodes.UNSUPPORTED_MEDIA_TYPE, 'Innehållstypen stöds inte. Skicka JSON.'],
  431: [ErrorCodes.HEADERS_TOO_LARGE, 'Förfrågans huvuden är för stora.'],
};

function statusAnswer(statusCode: number): [code: ErrorCode, message: string] {
  return STATUS_ANSWERS[statusCode] ?? STATUS_ANSWERS[400]!;
}

/** Fastify's own client errors, by code, where the status alone says too little. */
const FASTIFY_CLIENT_ERRORS: Record<string, [number, ErrorCode, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, ErrorCodes.INVALID_JSON, 'Ogiltig JSON i förfrågan.'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, ErrorCodes.INVALID_JSON, 'Ogiltig JSON i förfrågan.'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, ...statusAnswer(413)],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, ...statusAnswer(415)],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [
    400,
    ErrorCodes.INVALID_CONTENT_LENGTH,
    'Ogiltig längd på förfrågan.',
  ],
  FST_ERR_BAD_URL: [400, ErrorCodes.BAD_URL, 'Ogiltig adress: felaktig teckenkodning.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, ...statusAnswer(414)],
};

export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof InvalidInputError) {
      return send(reply, err.statusCode, err.code, err.message, err.details);
    }
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
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      request.log.info({ err }, 'client error');
      return send(reply, err.statusCode, ...statusAnswer(err.statusCode));
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

/**
 * Errors Fastify raises before a route is found (a URL that does not decode, an over-long path
 * parameter). Its default answers quote the URL back; these answer in the error shape.
 */
export function frameworkErrors(
  err: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const known = err.code ? FASTIFY_CLIENT_ERRORS[err.code] : undefined;
  if (known) {
    request.log.info({ code: err.code }, 'refused before routing');
    reply.header('x-request-id', request.id);
    void send(reply, ...known);
    return;
  }
  request.log.error({ err }, 'unhandled error before routing');
  void send(
    reply,
    500,
    ErrorCodes.INTERNAL,
    `Något gick fel på servern. Försök igen. (Referens: ${request.id})`,
  );
}

/** Node's parser errors and timeouts, by Node's error code. */
function clientErrorStatus(code: string | undefined): number {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  return 400;
}

/**
 * Errors on the connection before Fastify sees a request: malformed request lines and headers,
 * oversized headers, bad Content-Length, and requests whose headers or body do not arrive in
 * time. Answered in the error shape on the raw socket, which is then closed.
 */
export function clientErrorHandler(
  this: FastifyInstance,
  err: Error & { code?: string },
  socket: Socket,
) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const statusCode = clientErrorStatus(err.code);
  this.log.debug({ code: err.code }, 'client error on connection');
  // A response already under way on this socket must not be corrupted by a second one.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const body = JSON.stringify(errorBody(statusCode, ...statusAnswer(statusCode)));
    socket.write(
      `HTTP/1.1 ${statusCode} ${STATUS_CODES[statusCode]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Cache-Control: no-store\r\n' +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

export function sendNotFound(reply: FastifyReply) {
  return send(reply, 404, ErrorCodes.NOT_FOUND, 'Resursen finns inte.');
}
