import {
  ApiError,
  exchange,
  readBody,
  serverMessageOf,
  type ExchangeOptions,
  type HttpMethod,
} from './offline/http';
import { takeEarlyRequest } from './early-requests';
import { endSession } from './session';
import { getToken, setLogoutNotice } from './storage';
import { isRecord } from './utils';

export {
  ApiError,
  NETWORK_ERROR_MESSAGE,
  REQUEST_TIMEOUT_MS,
  serverMessageOf,
  type HttpMethod,
} from './offline/http';

export const SESSION_INVALID_NOTICE =
  'Din session är ogiltig eller har återkallats. Logga in igen.';

export type RequestOptions = Omit<ExchangeOptions, 'token' | 'onUnauthorized'> & {
  method?: HttpMethod;
  /** Sends this token instead of the stored one (sign-out runs after the stored one is gone). */
  token?: string | null;
  /**
   * Whether a 401 ends the session. Off only for calls whose 401 cannot mean "your session is
   * gone", such as telling the server about a sign-out that already happened here.
   */
  handleUnauthorized?: boolean;
};

/**
 * docs/spec/1-app-shell-auth-account.md §8: a 401 while a token is held keeps the notice for the
 * login page and ends the session, but only the session the call was made with: another tab may
 * have signed in since.
 */
export function endSessionOn401(token: string | null, serverMessage: string | undefined): void {
  if (!token || getToken() !== token) return;
  setLogoutNotice(serverMessage ?? SESSION_INVALID_NOTICE);
  endSession('unauthorized');
}

function withSession(options: RequestOptions): ExchangeOptions {
  const { handleUnauthorized, ...rest } = options;
  const token = options.token !== undefined ? options.token : getToken();
  return {
    ...rest,
    token,
    onUnauthorized:
      handleUnauthorized === false
        ? undefined
        : (serverMessage) => endSessionOn401(token, serverMessage),
  };
}

/**
 * Sends one call and returns the reply if it is OK; every failure becomes an ApiError. The time
 * limit covers the reply's headers: the caller reads the body (a file download may take long).
 */
export function requestRaw(path: string, options: RequestOptions = {}): Promise<Response> {
  return exchange(path, withSession(options), (response) => response);
}

/** A GET as the page's first script sends it (lib/early-requests.ts): the stored token, no extras. */
function isPlainGet(options: RequestOptions): boolean {
  return (
    (options.method ?? 'GET') === 'GET' &&
    options.body === undefined &&
    options.token === undefined &&
    options.handleUnauthorized !== false &&
    options.timeoutMs === undefined &&
    options.idempotencyKey === undefined &&
    options.ifMatch === undefined
  );
}

/**
 * Sends one call and returns its reply body: parsed JSON when the reply says JSON, else text. A
 * plain GET that the page's first script already sent (lib/early-requests.ts) is not sent again:
 * that request's response is read as this call's.
 */
export function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const session = withSession(options);
  const early = isPlainGet(options) ? takeEarlyRequest(path, session.token) : undefined;
  return exchange(path, session, async (response) => (await readBody(response)) as T, early);
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
