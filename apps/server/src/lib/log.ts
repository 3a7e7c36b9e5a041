import type { FastifyBaseLogger } from 'fastify';
import type { LoggerOptions } from 'pino';

// What a log line may carry. A 500 is logged with its error, and the errors of the database
// layer carry the values of the failed statement: drizzle's DrizzleQueryError says
// "Failed query: … params: <every parameter>", and PostgreSQL's errors carry `detail`
// ("Key (email)=(…) already exists"), `where` and quoted values in the message. Those values are
// e-mail addresses, password hashes, token hashes and TOTP secrets; they never reach the log.

const REDACTED = '[Redacted]';

/** Fields of a database error that name things, never values. */
const SAFE_FIELDS = [
  'code',
  'statusCode',
  'severity',
  'constraint',
  'table',
  'column',
  'schema',
  'dataType',
  'routine',
] as const;

const MAX_MESSAGE = 1_000;
const MAX_CAUSES = 3;

type SerializedError = {
  type: string;
  message: string;
  stack?: string;
  cause?: SerializedError;
} & Partial<Record<(typeof SAFE_FIELDS)[number], unknown>>;

function isPgError(err: Record<string, unknown>): boolean {
  return typeof err.code === 'string' && /^[0-9A-Z]{5}$/.test(err.code) && 'severity' in err;
}

/** A message without the values it may quote. */
function cleanMessage(err: Record<string, unknown>, message: string): string {
  // drizzle appends the statement's parameters after the SQL text (placeholders only), which
  // stays.
  let text = message.split(/\r?\nparams:/)[0] ?? '';
  if (isPgError(err)) {
    // PostgreSQL quotes the offending value ("invalid input syntax for type integer: "…""),
    // and also names (constraints, types); names the error carries separately are kept.
    const names = new Set(
      SAFE_FIELDS.map((f) => err[f]).filter((v): v is string => typeof v === 'string'),
    );
    text = text.replace(/"((?:[^"]|"")*)"/g, (whole, inner: string) =>
      names.has(inner) ? whole : '"?"',
    );
  }
  text = text.replace(/Bearer\s+\S+/gi, `Bearer ${REDACTED}`);
  return text.length > MAX_MESSAGE ? `${text.slice(0, MAX_MESSAGE)}…` : text;
}

function typeOf(err: Record<string, unknown>): string {
  const ctor = (err as { constructor?: { name?: unknown } }).constructor;
  if (ctor && typeof ctor.name === 'string' && ctor.name !== 'Object') return ctor.name;
  return typeof err.name === 'string' ? err.name : 'Error';
}

function serialize(err: unknown, depth: number): SerializedError {
  if (typeof err !== 'object' || err === null) {
    return { type: typeof err, message: cleanMessage({}, String(err)) };
  }
  const e = err as Record<string, unknown>;
  const type = typeOf(e);
  const message = cleanMessage(e, typeof e.message === 'string' ? e.message : '');
  const out: SerializedError = { type, message };
  if (typeof e.stack === 'string') {
    // The stack's first line repeats the raw message (and so the parameters): rebuild it.
    const frames = e.stack.split('\n').filter((line) => /^\s+at /.test(line));
    out.stack = [`${type}: ${message}`, ...frames].join('\n');
  }
  for (const field of SAFE_FIELDS) {
    const value = e[field];
    if (typeof value === 'string' || typeof value === 'number') out[field] = value;
  }
  if (e.cause !== undefined && depth < MAX_CAUSES) out.cause = serialize(e.cause, depth + 1);
  return out;
}

/** An error for the log: its class, message, stack and the names of what failed; no values. */
export function serializeError(err: unknown): SerializedError {
  return serialize(err, 0);
}

const SECRET_QUERY = /([?&](?:token|ticket|code|password|secret)=)[^&#]*/gi;
/** A live link's token rides in its path (/live/{token}, /api/live/{token}/events). */
const SECRET_PATH = /(\/live\/)[^/?#]+/g;

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip?: string;
  socket?: { remotePort?: number };
};

/** Fastify's request line, with secrets that may ride in a link (reset token, live link) masked. */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url:
      typeof req.url === 'string'
        ? req.url.replace(SECRET_QUERY, `$1${REDACTED}`).replace(SECRET_PATH, `$1${REDACTED}`)
        : req.url,
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

const SECRET_FIELDS = [
  'password',
  'current_password',
  'new_password',
  'token',
  'ticket',
  'secret',
  // 2FA recovery codes (features/auth/recovery-codes.ts): a login body's one, a reply's list.
  'recovery_code',
  'recovery_codes',
];

/**
 * Paths masked wherever a caller logs them by mistake: credentials in headers, and secret fields
 * of a body or an object one level down. `code` (a TOTP code) only under a body, since an
 * error's `code` is what the log needs.
 */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'body.code',
  'req.body.code',
  ...SECRET_FIELDS.flatMap((f) => [f, `*.${f}`, `body.${f}`, `req.body.${f}`]),
];

export const logSerializers = { err: serializeError, error: serializeError, req: serializeRequest };

/** Options for a new logger at a level. */
export function loggerOptions(level: string): LoggerOptions {
  return {
    level,
    serializers: logSerializers,
    redact: { paths: logRedactPaths, censor: REDACTED },
  };
}

/** A given logger (server.ts's, a test's) with the same serializers and redaction. */
export function withLogHygiene(logger: FastifyBaseLogger): FastifyBaseLogger {
  return logger.child(
    {},
    { serializers: logSerializers, redact: { paths: logRedactPaths, censor: REDACTED } },
  );
}
