import type { FastifyInstance } from 'fastify';
import { connect } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { DEFAULT_TIMEOUTS } from '../src/lib/server-limits';
import { createTestApp, type TestApp } from './test-app';
import { expectErrorShape } from './users';

// Requests that never finish time out, and what Node's HTTP parser refuses is
// answered in the error shape. These need a real socket, so the app listens on a free port, with
// timeouts short enough for a test (the defaults are in lib/server-limits.ts).

const TIMEOUTS = { requestMs: 600, headersMs: 400, checkIntervalMs: 100 };

let t: TestApp;
let app: FastifyInstance;
let port: number;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '0' });
  app = await buildApp({
    config: loadConfig({
      NODE_ENV: 'test',
      APP_URL: 'http://app.test',
      WEB_DIST: '/nonexistent',
      API_RATE_LIMIT: '0',
    }),
    db: t.db,
    appSecret: 'test-secret-'.padEnd(40, 'x'),
    logger: pino({ level: 'info' }, { write: (line: string) => void lines.push(line) }),
    timeouts: TIMEOUTS,
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(async () => {
  await app.close();
  await t.close();
});

type RawReply = { status: number; headers: string; body: string; closed: boolean; ms: number };

/** Writes raw bytes, then reads until the server closes the socket (or `waitMs` passes). */
function raw(chunks: string[], waitMs = 5_000): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let data = '';
    let closed = false;
    const finish = () => {
      clearTimeout(timer);
      const [head = '', ...rest] = data.split('\r\n\r\n');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0);
      resolve({
        status,
        headers: head,
        body: rest.join('\r\n\r\n'),
        closed,
        ms: Date.now() - started,
      });
    };
    const timer = setTimeout(() => {
      socket.destroy();
      finish();
    }, waitMs);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (data += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      closed = true;
      finish();
    });
    socket.on('connect', () => {
      for (const c of chunks) socket.write(c);
    });
    socket.on('timeout', () => reject(new Error('socket timeout')));
  });
}

function expectShapeOn(reply: RawReply, status: number, code: string) {
  expect(reply.status, reply.headers).toBe(status);
  expect(reply.headers).toMatch(/content-type: application\/json/i);
  const body = JSON.parse(reply.body) as unknown;
  expectErrorShape(body, status, code);
  return body as { message: string };
}

describe('timeouts', () => {
  it('answers 408 in the error shape and closes when a body never finishes', async () => {
    const reply = await raw([
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: 100\r\n\r\n{"email":',
    ]);
    const body = expectShapeOn(reply, 408, 'REQUEST_TIMEOUT');
    expect(body.message).toBe('Förfrågan tog för lång tid att ta emot. Försök igen.');
    expect(reply.closed).toBe(true);
    expect(reply.ms).toBeGreaterThanOrEqual(TIMEOUTS.requestMs - 50);
    expect(reply.ms).toBeLessThan(TIMEOUTS.requestMs + 1_500);
  });

  it('answers 408 when the headers never finish', async () => {
    const reply = await raw(['GET /api/health HTTP/1.1\r\nHost: x\r\nX-Slow: 1\r\n']);
    expectShapeOn(reply, 408, 'REQUEST_TIMEOUT');
    expect(reply.closed).toBe(true);
    expect(reply.ms).toBeLessThan(TIMEOUTS.headersMs + 1_500);
  });

  it('has production defaults: request 30 s, headers 15 s', () => {
    expect(DEFAULT_TIMEOUTS).toMatchObject({ requestMs: 30_000, headersMs: 15_000 });
  });
});

describe("Node's parser errors", () => {
  it('answers an invalid Content-Length with 400 in the error shape', async () => {
    const reply = await raw([
      'POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n' +
        'Content-Length: abc\r\n\r\n{}',
    ]);
    expectShapeOn(reply, 400, 'BAD_REQUEST');
  });

  it('answers a malformed header with 400 and over-large headers with 431', async () => {
    const bad = await raw(['GET /api/health HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n']);
    const body = expectShapeOn(bad, 400, 'BAD_REQUEST');
    expect(body.message).toBe('Felaktig förfrågan.');
    const big = await raw([
      `GET /api/health HTTP/1.1\r\nHost: x\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
    ]);
    expectShapeOn(big, 431, 'HEADERS_TOO_LARGE');
  });

  it('answers a URL that does not decode without echoing it', async () => {
    const reply = await raw([
      'GET /api/matches/%E0%A4%A HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n',
    ]);
    const body = expectShapeOn(reply, 400, 'BAD_URL');
    expect(JSON.stringify(body)).not.toContain('%E0');
  });

  it('answers an HTTP/1.1 request without Host with 400 in the error shape', async () => {
    const reply = await raw(['GET /api/health HTTP/1.1\r\nConnection: close\r\n\r\n']);
    expectShapeOn(reply, 400, 'MISSING_HOST');
  });

  it('still serves ordinary requests on the same server', async () => {
    const reply = await raw(['GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n']);
    expect(reply.status).toBe(200);
  });

  it("logs none of the clients' faults above info (they are not the server's errors)", () => {
    const levels = lines.map((l) => (JSON.parse(l) as { level: number }).level);
    expect(levels.length).toBeGreaterThan(0);
    expect(levels.filter((level) => level >= 40)).toEqual([]);
  });
});
