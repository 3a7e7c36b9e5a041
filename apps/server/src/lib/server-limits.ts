// How long and how large a request may be. A client that opens a connection and never finishes
// its headers or its body (slowloris) must not hold a socket and a request slot for Node's
// default of five minutes; these bounds are documented in the README ("Limits on input").

export type ServerTimeouts = {
  /** The whole request, headers and body, must arrive within this (408 otherwise). */
  requestMs: number;
  /** The headers must arrive within this (408 otherwise). */
  headersMs: number;
  /**
   * An idle keep-alive connection is closed after this. Above the usual proxy idle timeout
   * (nginx and cloud load balancers: 60 s), so that the proxy, not we, closes first.
   */
  keepAliveMs: number;
  /**
   * A connection with no traffic either way for this long is closed (a client that stops
   * reading an answer, a handler that hangs). Longer than any request should take.
   */
  idleMs: number;
  /**
   * How often Node checks the request and header timeouts; a late request is refused within
   * timeout + this.
   */
  checkIntervalMs: number;
};

export const DEFAULT_TIMEOUTS: ServerTimeouts = {
  requestMs: 30_000,
  headersMs: 15_000,
  keepAliveMs: 72_000,
  idleMs: 120_000,
  checkIntervalMs: 5_000,
};

/** JSON bodies; the official import has its own, larger limit on its route. */
export const BODY_LIMIT = 256 * 1024;

/** A path parameter longer than this is refused (414) before routing; ids are 36 characters. */
export const MAX_PARAM_LENGTH = 100;

/** The Fastify constructor options for these timeouts and the body limit. */
export function serverLimitOptions(timeouts: Partial<ServerTimeouts> = {}) {
  const t = { ...DEFAULT_TIMEOUTS, ...timeouts };
  return {
    bodyLimit: BODY_LIMIT,
    requestTimeout: t.requestMs,
    keepAliveTimeout: t.keepAliveMs,
    connectionTimeout: t.idleMs,
    // Handed to http.createServer: Fastify has no option of its own for these.
    http: {
      requestTimeout: t.requestMs,
      headersTimeout: Math.min(t.headersMs, t.requestMs),
      connectionsCheckingInterval: t.checkIntervalMs,
      // Node would answer a missing Host with an empty 400 of its own; the input guard answers
      // it in the error shape instead.
      requireHostHeader: false,
    },
  };
}
