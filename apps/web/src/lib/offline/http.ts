import { reportNoReply, reportReply } from './connectivity';
import { API_BASE, requestHeaders } from './request-headers';

export { API_BASE } from './request-headers';

// The one HTTP exchange (the error catalogue of docs/spec/1-app-shell-auth-account.md §8, ADR 010's
// time limit and replay headers), shared by the app's api-client and the outbox replay. No window,
// storage or session here: the service worker replays through it too. lib/api-client.ts adds the
// stored token and the spec's sign-out on 401. Whether a call got a reply is what the app knows of
// its connection (connectivity.ts).

export const NETWORK_ERROR_MESSAGE = 'Nätverksfel – kunde inte nå servern.';

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

export type ExchangeOptions = {
  method?: HttpMethod;
  body?: unknown;
  signal?: AbortSignal;
  token: string | null;
  /** Milliseconds until the call counts as a network failure; REQUEST_TIMEOUT_MS by default. */
  timeoutMs?: number;
  /** Sent as Idempotency-Key: a replayed write with the same key is done once. */
  idempotencyKey?: string;
  /** The tag of the state this write was made on, sent quoted as If-Match. */
  ifMatch?: string;
  /** Told of a 401 before it is thrown, with the server's words. */
  onUnauthorized?: (serverMessage: string | undefined) => void;
};

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isJson(response: Response): boolean {
  return /[/+]json\b/i.test(response.headers.get('content-type') ?? '');
}

export async function readBody(response: Response): Promise<unknown> {
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
  if (isObject(body)) {
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

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  const serverMessage = serverMessageOf(body, response.headers.get('content-type') ?? '');
  const message = serverMessage ?? `${response.status} ${response.statusText}`.trim();
  const code = isObject(body) && typeof body.code === 'string' ? body.code : undefined;
  const retryAfter = response.headers.get('retry-after') ?? undefined;
  return new ApiError(message, response.status, code, body, serverMessage, retryAfter);
}

function networkError(): ApiError {
  return new ApiError(NETWORK_ERROR_MESSAGE, 0, 'NETWORK_ERROR');
}

/** No reply at all (the network failed, or the time limit ran out): the server is unreachable. */
function noReply(): ApiError {
  reportNoReply();
  return networkError();
}

/** `promise` until `signal` aborts: then rejected with its reason, as a fetch is. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * Sends one call and hands its OK reply to `read`, all within the time limit; every failure
 * becomes an ApiError. The caller's own abort is passed on as it is (React Query cancelling).
 * `sent`: the same request, already sent (lib/early-requests.ts); its response is this call's.
 */
export async function exchange<T>(
  path: string,
  options: ExchangeOptions,
  read: (response: Response) => Promise<T> | T,
  sent?: Promise<Response>,
): Promise<T> {
  const headers = requestHeaders(options);

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
      response = await (sent
        ? untilAborted(sent, controller.signal)
        : fetch(`${API_BASE}${path}`, {
            method: options.method ?? 'GET',
            headers,
            body: options.body === undefined ? undefined : JSON.stringify(options.body),
            signal: controller.signal,
          }));
    } catch (error) {
      if (callerSignal?.aborted && !timedOut) throw error;
      // fetch rejects with a TypeError when the network fails; anything else is no news of it.
      throw timedOut || error instanceof TypeError ? noReply() : networkError();
    }
    reportReply();
    if (response.ok) {
      try {
        // A request sent early was sent without this call's signal: its body is waited for here.
        const body = Promise.resolve(read(response));
        return await (sent ? untilAborted(body, controller.signal) : body);
      } catch (error) {
        if (timedOut) throw noReply();
        throw error;
      }
    }
    const error = await toApiError(response);
    if (timedOut) throw noReply();
    if (response.status === 401) options.onUnauthorized?.(error.serverMessage);
    throw error;
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }
}

/** Sends one call and returns its reply body: parsed JSON when the reply says JSON, else text. */
export function sendJson<T>(path: string, options: ExchangeOptions): Promise<T> {
  return exchange(path, options, async (response) => (await readBody(response)) as T);
}
