import type { FastifyInstance } from 'fastify';
import diagnostics from 'node:diagnostics_channel';
import net from 'node:net';
import v8 from 'node:v8';
import vm from 'node:vm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSeason, importDoc, officialIds } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { shareProtocol } from './testing/shared-protocol';
import { openEvents } from './testing/sse-reader';

// What an event stream holds on the server (ADR 030): while open, only what it needs to write to
// its socket, not the request Fastify made for it, nor its reply and logger, which the response's
// listeners would keep until a 'finish' a stream never reaches (with 10,000 streams open, each
// such object is 10,000 more for every major collection to walk); once ended, nothing, even when
// the viewer never closes its side of the connection.

v8.setFlagsFromString('--expose-gc');
const collect = vm.runInNewContext('gc') as () => void;

/** The requests Fastify handled on the events route, as weak references. */
const handled: WeakRef<object>[] = [];
const onStart = (store: unknown) => {
  const { request, route } = store as { request: object; route: { url: string } };
  if (route.url.endsWith('/events')) handled.push(new WeakRef(request));
};
const handlerChannel = diagnostics.tracingChannel('fastify.request.handler');

let t: TestApp;
/** The streams' server: an app with a request logger, as in production (the test app has none). */
let served: FastifyInstance;
let base: string;
let ids: Record<string, string>;
beforeAll(async () => {
  handlerChannel.start.subscribe(onStart);
  t = await createTestApp();
  await importDoc(t, fixtureSeason());
  ids = await officialIds(t);
  served = await buildApp({
    config: loadConfig({ NODE_ENV: 'test', APP_URL: 'http://app.test', WEB_DIST: '/nonexistent' }),
    db: t.db,
    appSecret: 'test-secret-'.padEnd(40, 'x'),
    logger: pino({ level: 'info' }, { write: () => undefined }),
    jobs: { runWorkers: false },
  });
  base = await served.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  handlerChannel.start.unsubscribe(onStart);
  await served?.close();
  await t.close();
});

/** A protocol shared live by an owner of its own: its stream's URL, and 'Sluta dela'. */
async function sharedProtocol(email: string) {
  const { token: owner, match, link } = await shareProtocol(t, email, ids['fx-upcoming']!);
  return {
    url: `${base}/api/live/${link.token}/events`,
    stopSharing: async () =>
      (await api(t, owner)('DELETE', `/api/matches/${match.id}/live-link`)).statusCode,
  };
}

async function collected(ref: WeakRef<object>): Promise<boolean> {
  for (let i = 0; i < 10 && ref.deref() !== undefined; i++) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    collect();
  }
  return ref.deref() === undefined;
}

const connections = () =>
  new Promise<number>((resolve, reject) =>
    served.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
  );

describe('an event stream', () => {
  it('keeps no hold on the request Fastify made for it while open', async () => {
    const { url, stopSharing } = await sharedProtocol('live-minne@example.se');
    const stream = await openEvents(url);
    expect(stream.status).toBe(200);
    await stream.snapshot();
    const request = handled.at(-1);
    expect(request).toBeDefined();
    expect(await collected(request!)).toBe(true);
    // Still open and still told what happens: 'Sluta dela' reaches it and ends it.
    expect(await stopSharing()).toBe(200);
    await stream.next((e) => e.event === 'gone');
    await stream.ended;
  });

  it('closes its connection once ended, also when the viewer keeps its side open', async () => {
    const { url, stopSharing } = await sharedProtocol('live-halvoppen@example.se');
    const { hostname, host, port, pathname } = new URL(url);
    // A client that never closes its side (as a careless proxy or a stuck browser tab may not).
    const socket = net.connect({ host: hostname, port: Number(port), allowHalfOpen: true });
    let text = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (text += chunk));
    const ended = new Promise<void>((resolve) => socket.once('end', resolve));
    socket.write(`GET ${pathname} HTTP/1.1\r\nHost: ${host}\r\nAccept: text/event-stream\r\n\r\n`);
    await expect.poll(() => text.includes('event: snapshot')).toBe(true);
    const before = await connections();

    expect(await stopSharing()).toBe(200);
    await ended;
    expect(text).toContain('event: gone');
    // The server let go of the connection without waiting for the viewer or its idle timeout.
    await expect.poll(connections).toBe(before - 1);
    socket.destroy();
  });
});
