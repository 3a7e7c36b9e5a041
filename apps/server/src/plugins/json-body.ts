import type { FastifyInstance } from 'fastify';

/**
 * The API speaks JSON only. The client sends `Content-Type: application/json` on every call, also
 * on DELETEs and POSTs without a payload; an empty body is therefore "no body", not malformed
 * JSON. Any other content type (Fastify also parses text/plain by default) answers 415.
 */
export function registerJsonBodyParser(app: FastifyInstance) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, parseJsonBody);
}

/**
 * A body parsed as JSON whatever its content type says (also for the beacons' text/plain): empty
 * is no body, anything unparsable is 400. Prototype keys (`__proto__`) are refused by the input
 * guard before any schema runs.
 */
export function parseJsonBody(
  _req: unknown,
  body: string | Buffer,
  done: (err: Error | null, body?: unknown) => void,
) {
  const text = typeof body === 'string' ? body : body.toString('utf8');
  if (text.trim() === '') return done(null, undefined);
  try {
    done(null, JSON.parse(text));
  } catch {
    const err = new Error('Invalid JSON') as Error & { statusCode: number; code: string };
    err.statusCode = 400;
    err.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
    done(err, undefined);
  }
}
