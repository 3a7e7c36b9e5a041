import { setTimeout as sleep } from 'node:timers/promises';

// The only way the app speaks to Svemo TA: one request at a time with a pause between, a time-out
// and retries with backoff, conditional GETs, a User-Agent naming the app, the Swedish language
// cookie and never a session cookie (TA answers slower with one).

export const LANGUAGE_COOKIE = 'Svemo.TA.Language.SelectedLanguage=sv-se';

export type TaClientOptions = {
  baseUrl: string;
  /** The app's public address, named in the User-Agent so TA's operators can reach us. */
  appUrl: string;
  timeoutMs?: number;
  /** Between the end of one request and the start of the next. */
  pauseMs?: number;
  /** Attempts after the first, for a time-out, a network error, 429 or 5xx. */
  retries?: number;
  /** First backoff; doubled for each retry. */
  backoffMs?: number;
};

/** A page as TA sent it, or that it has not changed since the validators given. */
export type TaPage =
  | { status: 'ok'; url: string; body: string; etag: string | null; lastModified: string | null }
  | { status: 'not-modified'; url: string };

export type Validators = { etag?: string | null; lastModified?: string | null };

/** TA could not give the page (after the retries): the reason, in Swedish. */
export class TaRequestFailed extends Error {
  constructor(
    readonly url: string,
    message: string,
  ) {
    super(message);
    this.name = 'TaRequestFailed';
  }
}

export type TaClient = {
  readonly baseUrl: string;
  get: (url: string, validators?: Validators) => Promise<TaPage>;
  /** A form post-back (the match list's next page). */
  post: (url: string, fields: Record<string, string>) => Promise<TaPage>;
};

const RETRY_STATUS = new Set([408, 425, 429, 500, 502, 503, 504]);
/** A Retry-After longer than this is not waited for: the page counts as not read this run. */
const MAX_RETRY_AFTER_MS = 60_000;

function retryAfterMs(header: string | null): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return seconds * 1000;
  const at = Date.parse(header);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

export function createTaClient(options: TaClientOptions): TaClient {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const pauseMs = options.pauseMs ?? 1_000;
  const retries = options.retries ?? 3;
  const backoffMs = options.backoffMs ?? 2_000;
  const userAgent = `SpeedwayElitserien/1.0 (+${options.appUrl})`;
  let queue: Promise<unknown> = Promise.resolve();
  let lastEnded = 0;

  async function once(url: string, init: RequestInit): Promise<Response> {
    const wait = lastEnded + pauseMs - Date.now();
    if (wait > 0) await sleep(wait);
    try {
      return await fetch(url, {
        ...init,
        redirect: 'follow',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } finally {
      lastEnded = Date.now();
    }
  }

  async function request(url: string, init: RequestInit): Promise<TaPage> {
    const headers = {
      'user-agent': userAgent,
      'accept-language': 'sv-SE,sv;q=0.9',
      accept: 'text/html,application/xhtml+xml',
      cookie: LANGUAGE_COOKIE,
      ...(init.headers as Record<string, string>),
    };
    let problem = '';
    for (let attempt = 0; attempt <= retries; attempt++) {
      let delay = backoffMs * 2 ** attempt;
      try {
        const response = await once(url, { ...init, headers });
        if (response.status === 304) return { status: 'not-modified', url };
        if (response.ok) {
          return {
            status: 'ok',
            url: response.url || url,
            body: await response.text(),
            etag: response.headers.get('etag'),
            lastModified: response.headers.get('last-modified'),
          };
        }
        await response.body?.cancel();
        problem = `Svemo TA svarade HTTP ${response.status}`;
        if (!RETRY_STATUS.has(response.status)) break;
        const after = retryAfterMs(response.headers.get('retry-after'));
        if (after !== null) {
          if (after > MAX_RETRY_AFTER_MS) break;
          delay = Math.max(delay, after);
        }
      } catch (err) {
        problem =
          err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError')
            ? `Svemo TA svarade inte inom ${Math.round(timeoutMs / 1000)} s`
            : `Svemo TA gick inte att nå (${err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err)})`;
      }
      if (attempt < retries) await sleep(delay);
    }
    throw new TaRequestFailed(url, problem);
  }

  /** One request at a time, whoever asks. */
  function serial(run: () => Promise<TaPage>): Promise<TaPage> {
    const next = queue.then(run, run);
    queue = next.catch(() => undefined);
    return next;
  }

  return {
    baseUrl: options.baseUrl.replace(/\/+$/, ''),
    get: (url, validators = {}) =>
      serial(() =>
        request(url, {
          method: 'GET',
          headers: {
            ...(validators.etag ? { 'if-none-match': validators.etag } : {}),
            ...(validators.lastModified ? { 'if-modified-since': validators.lastModified } : {}),
          },
        }),
      ),
    post: (url, fields) =>
      serial(() =>
        request(url, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams(fields).toString(),
        }),
      ),
  };
}
