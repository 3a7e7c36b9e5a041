import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSeason, importDoc, officialIds } from '../../../test/official-data';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';
import { TOO_MANY_STREAMS, TOO_MANY_STREAMS_FROM_ADDRESS } from './live-stream-slots';
import { shareProtocol } from './testing/shared-protocol';
import { openEvents } from './testing/sse-reader';

// Open event streams are capped per address and per instance (ADR 018): a refusal is in the
// error shape with Retry-After, and every stream that closes gives its slot back.

let t: TestApp;
let base: string;
let url: string;
beforeAll(async () => {
  t = await createTestApp({ LIVE_STREAMS_PER_ADDRESS: '2', LIVE_STREAMS_PER_INSTANCE: '3' });
  await importDoc(t, fixtureSeason());
  const ids = await officialIds(t);
  const { link } = await shareProtocol(t, 'live-tak@example.se', ids['fx-upcoming']!);
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `${base}/api/live/${link.token}/events`;
});
afterAll(() => t.close());

/** A refused stream: its status, Retry-After and JSON body. */
function refused(
  ip: string,
): Promise<{ status: number; retryAfter: string | undefined; body: unknown }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { 'x-forwarded-for': ip } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode ?? 0,
          retryAfter: res.headers['retry-after'] as string | undefined,
          body: JSON.parse(text) as unknown,
        }),
      );
    });
    req.on('error', reject);
  });
}

/** Until the server has seen the stream close (the slot goes back on the socket's close). */
async function settle() {
  await new Promise((resolve) => setTimeout(resolve, 100));
}

describe('open event streams', () => {
  it('refuses the (N+1)th stream of one address in the error shape, and a closed one frees its slot', async () => {
    const ip = '10.55.0.1';
    const first = await openEvents(url, { 'x-forwarded-for': ip });
    const second = await openEvents(url, { 'x-forwarded-for': ip });
    expect([first.status, second.status]).toEqual([200, 200]);
    await first.snapshot();

    const third = await refused(ip);
    expect(third.status).toBe(429);
    expectErrorShape(third.body, 429, 'RATE_LIMITED');
    expect((third.body as { message: string }).message).toBe(TOO_MANY_STREAMS_FROM_ADDRESS);
    expect(Number(third.retryAfter)).toBeGreaterThan(0);
    // Another address is not held back by this one's streams.
    const other = await openEvents(url, { 'x-forwarded-for': '10.55.0.2' });
    expect(other.status).toBe(200);
    other.close();

    first.close();
    await settle();
    const again = await openEvents(url, { 'x-forwarded-for': ip });
    expect(again.status).toBe(200);
    again.close();
    second.close();
    await settle();
  });

  it('caps the streams of the instance in all (503), and frees slots as streams close', async () => {
    const open = [];
    for (const ip of ['10.56.0.1', '10.56.0.2', '10.56.0.3']) {
      const stream = await openEvents(url, { 'x-forwarded-for': ip });
      expect(stream.status).toBe(200);
      open.push(stream);
    }
    const over = await refused('10.56.0.4');
    expect(over.status).toBe(503);
    expectErrorShape(over.body, 503, 'LIVE_STREAMS_FULL');
    expect((over.body as { message: string }).message).toBe(TOO_MANY_STREAMS);
    expect(Number(over.retryAfter)).toBeGreaterThan(0);

    open.pop()!.close();
    await settle();
    const next = await openEvents(url, { 'x-forwarded-for': '10.56.0.4' });
    expect(next.status).toBe(200);
    for (const stream of [...open, next]) stream.close();
    await settle();
  });

  it('takes no slot for a stream that is refused (a link not in use)', async () => {
    const ip = '10.57.0.1';
    for (let i = 0; i < 3; i++) {
      const res = await t.request({
        method: 'GET',
        url: '/api/live/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/events',
        headers: { 'x-forwarded-for': ip },
      });
      expect(res.statusCode).toBe(404);
    }
    const streams = [
      await openEvents(url, { 'x-forwarded-for': ip }),
      await openEvents(url, { 'x-forwarded-for': ip }),
    ];
    expect(streams.map((s) => s.status)).toEqual([200, 200]);
    for (const stream of streams) stream.close();
    await settle();
  });
});
