import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from './server-process';

const dataDir = mkdtempSync(path.join(tmpdir(), 'speedway-crash-'));
chmodSync(dataDir, 0o755);
let server: ServerProcess | undefined;
afterAll(async () => {
  if (server && server.child.exitCode === null) {
    server.child.kill('SIGTERM');
    await server.stopped;
  }
  rmSync(dataDir, { recursive: true, force: true });
});

const register = (url: string, i: number) =>
  fetch(`${url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.7.${i >> 8}.${i & 255}` },
    body: JSON.stringify({ email: `krasch-${i}@example.se`, password: 'ett-bra-lösenord' }),
  }).then(
    (r) => r.status,
    () => 0,
  );

describe('a server killed with SIGKILL in the middle of writes', () => {
  it('keeps every acknowledged write, and starts again on the same data directory', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    const pending = Array.from({ length: 60 }, (_, i) =>
      register(server!.url, i).then((status) => ({ i, status })),
    );
    // Kill once some registrations were acknowledged, while others are in flight.
    await Promise.race([
      Promise.all(pending.slice(0, 10)),
      new Promise((r) => setTimeout(r, 3000)),
    ]);
    server.child.kill('SIGKILL');
    const results = await Promise.all(pending);
    await server.stopped;
    const acknowledged = results.filter((r) => r.status === 201).map((r) => r.i);
    expect(acknowledged.length).toBeGreaterThan(0);

    // The killed server's PostgreSQL is still running on the directory; a new start takes over.
    server = await startServerProcess({ DATA_DIR: dataDir });
    for (const i of acknowledged) {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.8.${i >> 8}.${i & 255}`,
        },
        body: JSON.stringify({ email: `krasch-${i}@example.se`, password: 'ett-bra-lösenord' }),
      });
      // 403 "not verified" proves the account exists with the right password hash.
      expect(res.status, `account ${i}`).toBe(403);
    }
    const health = await fetch(`${server.url}/api/health`);
    expect(health.status).toBe(200);
    server.child.kill('SIGTERM');
    await server.stopped;
  }, 120_000);

  it('on SIGTERM drains the requests in flight, then stops PostgreSQL and exits 0', async () => {
    server = await startServerProcess({ DATA_DIR: dataDir });
    const pending = Array.from({ length: 60 }, (_, i) =>
      register(server!.url, 100 + i).then((status) => ({ i: 100 + i, status })),
    );
    await Promise.race([Promise.all(pending.slice(0, 5)), new Promise((r) => setTimeout(r, 2000))]);
    server.child.kill('SIGTERM');
    const results = await Promise.all(pending);
    expect(await server.stopped).toBe(0);
    // Requests the server had accepted were finished before the database went away; those that
    // arrived once it was closing were turned away with 503 (Fastify's answer while closing).
    expect(results.filter((r) => r.status >= 500 && r.status !== 503)).toEqual([]);
    // PostgreSQL was stopped by the server itself: nothing is left running on the directory.
    expect(existsSync(path.join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
    expect(existsSync(path.join(dataDir, 'server.pid'))).toBe(false);

    server = await startServerProcess({ DATA_DIR: dataDir });
    for (const { i, status } of results.filter((r) => r.status === 201 || r.status === 503)) {
      const res = await fetch(`${server.url}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-forwarded-for': `10.9.${i >> 8}.${i & 255}`,
        },
        body: JSON.stringify({ email: `krasch-${i}@example.se`, password: 'ett-bra-lösenord' }),
      });
      // 403 "not verified": the account exists. 401: a turned-away sign-up wrote nothing.
      expect(res.status, `account ${i}`).toBe(status === 201 ? 403 : 401);
    }
  }, 120_000);
});
