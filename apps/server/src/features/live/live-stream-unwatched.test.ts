import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSeason, importDoc, officialIds } from '../../../test/official-data';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { shareProtocol } from './testing/shared-protocol';
import { openEvents } from './testing/sse-reader';

// A stream's head goes out before the instance watches the protocol (the hub's LISTEN
// connection, straight to PostgreSQL). When that connection cannot be opened, the stream ends
// (the browser opens it again after `retry`) and its slot is given back: nothing is left open.

let a: TestApp;
let b: TestApp;
let token: string;
beforeAll(async () => {
  a = await createTestApp();
  await importDoc(a, fixtureSeason());
  const ids = await officialIds(a);
  ({
    link: { token },
  } = await shareProtocol(a, 'live-utan-lyssnare@example.se', ids['fx-upcoming']!));
  // An instance whose pool works but whose direct connection (LISTEN) is refused: a closed port.
  b = await startSecondInstance(
    a,
    { LIVE_STREAMS_PER_ADDRESS: '1' },
    { directUrl: 'postgres://speedway@127.0.0.1:1/speedway' },
  );
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('a stream whose protocol cannot be watched', () => {
  it('ends after its head without an event, and gives its slot back', async () => {
    const url = `${await b.app.listen({ port: 0, host: '127.0.0.1' })}/api/live/${token}/events`;
    const ip = { 'x-forwarded-for': '10.77.0.1' };
    for (let attempt = 0; attempt < 2; attempt++) {
      // The second attempt from the same address (a cap of one) is let in only if the first
      // stream's slot came back.
      const stream = await openEvents(url, ip);
      expect(stream.status).toBe(200);
      expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
      await stream.ended;
      expect(stream.events).toEqual([]);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // The same link on an instance that can watch gives the snapshot.
    const base = await a.app.listen({ port: 0, host: '127.0.0.1' });
    const working = await openEvents(`${base}/api/live/${token}/events`, ip);
    expect((await working.snapshot()).completed_heats).toBe(0);
    working.close();
  });
});
