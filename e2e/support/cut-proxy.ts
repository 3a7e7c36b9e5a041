import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request the proxy passed on: its Idempotency-Key and the server's answer ('cut': none). */
export type Passed = {
  method: string;
  path: string;
  key: string | null;
  status: number | 'cut';
  replayed: boolean;
};

export type CutProxy = {
  url: string;
  /** Every request but GET, in the order the server answered it. */
  writes: Passed[];
  /** Called once a request's body has gone to the server (before its answer). */
  onForwarded: (
    listener: ((request: { method: string; path: string }) => void) | undefined,
  ) => void;
  close: () => Promise<void>;
};

/**
 * ADR 010 WP6: the browser's origin in front of a server that may die. It sees every request,
 * the service worker's too (Playwright's routing does not, playwright#2311), and logs the writes;
 * with the server gone a request's connection is destroyed, as a dead network would.
 */
export async function startCutProxy(targetPort: number): Promise<CutProxy> {
  const writes: Passed[] = [];
  let listener: ((request: { method: string; path: string }) => void) | undefined;
  const server = http.createServer((req, res) => {
    const method = req.method ?? 'GET';
    const path = (req.url ?? '/').split('?')[0]!;
    const key = (req.headers['idempotency-key'] as string | undefined) ?? null;
    const log = (status: Passed['status'], replayed = false) => {
      if (method !== 'GET' && method !== 'HEAD')
        writes.push({ method, path, key, status, replayed });
    };
    const upstream = http.request(
      { host: '127.0.0.1', port: targetPort, method, path: req.url, headers: req.headers },
      (reply) => {
        log(reply.statusCode ?? 0, reply.headers['idempotent-replayed'] === 'true');
        res.writeHead(reply.statusCode ?? 502, reply.headers);
        reply.pipe(res);
        reply.on('error', () => res.destroy());
      },
    );
    upstream.on('error', () => {
      log('cut');
      res.destroy();
    });
    upstream.on('finish', () => listener?.({ method, path }));
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://localhost:${port}`,
    writes,
    onForwarded: (next) => (listener = next),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
