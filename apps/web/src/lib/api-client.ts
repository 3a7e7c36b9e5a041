import { endSession } from './session';
import { getToken, setLogoutNotice } from './storage';
import { isRecord } from './utils';

export const NETWORK_ERROR_MESSAGE = 'Nätverksfel – kunde inte nå servern.';
export const SESSION_INVALID_NOTICE =
  'Din session är ogiltig eller har återkallats. Logga in igen.';

/** The backend's base address; empty means the same origin as the app (the server serves both). */
const API_BASE: string = import.meta.env.VITE_API_BASE ?? '';

/**
 * How long a call may take before it counts as a network failure (ADR 010 §3): on a dead but
 * "connected" network fetch never settles by itself. The outbox sends with a shorter limit.
 */
export const REQUEST_TIMEOUT_MS = 20_000;

/** A failed call: the Swedish message to show, the HTTP status (0 when the server was never reached). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly status: number,
    readonly code?: string,
    /** The parsed reply body, for callers that need more than the message. */
    readonly body?: unknown,
    /** What the server said, read with the reply's content type (never an HTML error page). */
    readonly serverMessage?: string,
    /** The reply's Retry-After header (429, 503), for callers that try again by themselves. */
    readonly retryAfter?: string,
  ) {
    super(message);
  }
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type RequestOptions = {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  /** Sends this token instead of the stored one (sign-out runs after the stored one is gone). */
  token?: string | null;
  /**
   * Whether a 401 ends the session. Off only for calls whose 401 cannot mean "your session is
   * gone", such as telling the server about a sign-out that already happened here.
   */
  handleUnauthorized?: boolean;
  /** Milliseconds until the call counts as a network failure; REQUEST_TIMEOUT_MS by default. */
  timeoutMs?: number;
  /** Sent as Idempotency-Key: a replayed write with the same key is done once. */
  idempotencyKey?: string;
  /** The tag of the state this write was made on, sent quoted as If-Match. */
  ifMatch?: string;
};

function isJson(response: Response): boolean {
  return /[/+]json\b/i.test(response.headers.get('content-type') ?? '');
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!isJson(response)) return text;
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/**
 * The server's own words for a failure, in the spec's order: detail, message, error, then a plain
 * text body. HTML error pages from a proxy are not words for a person; they fall through.
 */
export function serverMessageOf(body: unknown, contentType = ''): string | undefined {
  if (isRecord(body)) {
    for (const key of ['detail', 'message', 'error'] as const) {
      const value = body[key];
      if (typeof value === 'string' && value.trim() !== '') return value;
    }
    return undefined;
  }
  if (typeof body === 'string' && body.trim() !== '' && !/html/i.test(contentType)) {
    return body.trim();
  }
  return undefined;
}

async function toApiError(
  response: Response,
): Promise<{ error: ApiError; serverMessage?: string }> {
  const body = await readBody(response).catch(() => undefined);
  const serverMessage = serverMessageOf(body, response.headers.get('content-type') ?? '');
  const message = serverMessage ?? `${response.status} ${response.statusText}`.trim();
  const code = isRecord(body) && typeof body.code === 'string' ? body.code : undefined;
  const retryAfter = response.headers.get('retry-after') ?? undefined;
  return {
    error: new ApiError(message, response.status, code, body, serverMessage, retryAfter),
    serverMessage,
  };
}

function networkError(): ApiError {
  return new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK_ERROR');
}

/**
 * Sends one call and hands its OK reply to `read`, all within the time limit; every failure
 * becomes an ApiError. The caller's own abort is passed on as it is (React Query cancelling).
 */
async function exchange<T>(
  path: string,
  options: RequestOptions,
  read: (response: Response) => Promise<T> | T,
): Promise<T> {
  const token = options.token !== undefined ? options.token : getToken();
  const headers = new Headers({ 'Content-Type': 'application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  if (options.idempotencyKey) headers.set('Idempotency-Key', options.idempotencyKey);
  if (options.ifMatch) headers.set('If-Match', `"${options.ifMatch}"`);

  const controller = new AbortController();
  const callerSignal = options.signal;
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) onCallerAbort();
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? REQUEST_TIMEOUT_MS);

  try {
    let response: Response;
    try {
      response = await fetch(`${API_BASE}${path}`, {
        method: options.method ?? 'GET',
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        signal: controller.signal,
      });
    } catch (error) {
      if (callerSignal?.aborted && !timedOut) throw error;
      throw networkError();
    }
    if (response.ok) {
      try {
        return await read(response);
      } catch (error) {
        if (timedOut) throw networkError();
        throw error;
      }
    }

    const { error, serverMessage } = await toApiError(response);
    if (timedOut) throw networkError();
    // Only the session this call was made with is ended: another tab may have signed in since.
    if (
      response.status === 401 &&
      token &&
      options.handleUnauthorized !== false &&
      getToken() === token
    ) {
      setLogoutNotice(serverMessage ?? SESSION_INVALID_NOTICE);
      endSession('unauthorized');
    }
    throw error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

/**
 * Sends one call and returns the reply if it is OK; every failure becomes an ApiError. The time
 * limit covers the reply's headers: the caller reads the body (a file download may take long).
 */
export function requestRaw(path: string, options: RequestOptions = {}): Promise<Response> {
  return exchange(path, options, (response) => response);
}

/** Sends one call and returns its reply body: parsed JSON when the reply says JSON, else text. */
export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return exchange(path, options, async (response) => (await readBody(response)) as T);
}

type BodylessOptions = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: BodylessOptions) => request<T>(path, { ...options }),
  post: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown, options?: BodylessOptions) =>
    request<T>(path, { ...options, method: 'DELETE', body }),
};

/** The text to show for a failure: the error's own message, else the screen's fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof Error && error.message.trim() !== '') return error.message;
  return fallback;
}

/**
 * The server's own words for a failed call, or the screen's fallback when the server gave none
 * (network errors, bare status lines): for toasts that quote the server when it explains itself.
 */
export function serverMessageOr(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    // A plain-text body counts only as read with its content type (toApiError); a JSON body always.
    return (
      error.serverMessage ??
      (isRecord(error.body) ? serverMessageOf(error.body) : undefined) ??
      fallback
    );
  }
  return fallback;
}
