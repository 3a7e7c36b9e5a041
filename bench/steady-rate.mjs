// An open-loop load at a steady rate: one request every 1/rate seconds, whatever the answers do,
// and each latency counted from the moment the request was due (so a stall also counts for the
// requests it delayed). autocannon's `overallRate` is not this: every connection sends its share
// of a second back to back at the start of the second and then waits, so "1,000 req/s" is a burst
// of 1,000 requests as fast as 50 connections go, and its p99 is the burst's queue, not a
// steady-rate tail.
import { Pool } from 'undici';

/**
 * Loads `url` at `rate` requests per second for `seconds` over up to `connections` keep-alive
 * connections. Returns the achieved rate, latency percentiles in ms and the number of errors.
 */
export async function steadyRate({
  url,
  headers = {},
  rate = 1000,
  seconds = 10,
  connections = 50,
}) {
  const { origin, pathname, search } = new URL(url);
  const pool = new Pool(origin, { connections, pipelining: 1 });
  const path = pathname + search;
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const latencies = [];
  let errors = 0;
  let sent = 0;
  const inFlight = new Set();

  const send = (due) => {
    const request = pool
      .request({ path, method: 'GET', headers })
      .then(async ({ statusCode, body }) => {
        for await (const _chunk of body); // the whole answer, as a client reads it
        if (statusCode < 200 || statusCode >= 300) errors += 1;
        else latencies.push(performance.now() - due);
      })
      .catch(() => {
        errors += 1;
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  };

  const start = performance.now() + 5;
  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      while (sent < total && start + sent * interval <= now) {
        send(start + sent * interval);
        sent += 1;
      }
      if (sent >= total) resolve();
      else setTimeout(tick, Math.max(0, start + sent * interval - performance.now() - 0.5));
    };
    tick();
  });
  const sentAt = performance.now();
  await Promise.all(inFlight);
  await pool.close();

  latencies.sort((a, b) => a - b);
  const at = (q) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? NaN;
  return {
    perSecond: total / ((sentAt - start) / 1000),
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: latencies.at(-1) ?? NaN,
    errors,
  };
}
