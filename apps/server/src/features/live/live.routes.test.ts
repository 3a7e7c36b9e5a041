import { LiveSnapshotSchema, type LiveLink, type Match } from '@speedway/contracts';
import type { Heat } from '@speedway/rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixtureSeason, importDoc, officialIds, userWithRole } from '../../../test/official-data';
import { api, startProtocol } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';
import { LIVE_VIEWS_PER_IP } from './live.service';
import { shareProtocol } from './testing/shared-protocol';
import { openEvents } from './testing/sse-reader';

let t: TestApp;
let base: string;
let ids: Record<string, string>;
let intruder: string;
beforeAll(async () => {
  t = await createTestApp();
  await importDoc(t, fixtureSeason());
  ids = await officialIds(t);
  intruder = await userWithRole(t, 'live-inkraktare@example.se', 'user');
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => t.close());

let ipSerial = 0;
/** Each anonymous call from its own address, except where the rate limit is the point. */
const nextIp = () => `10.77.${Math.floor(++ipSerial / 250)}.${(ipSerial % 250) + 1}`;

function byLane(heat: Heat, positions = [1, 2, 3, 4]) {
  return (['1', '2', '3', '4'] as const).map((lane, i) => ({
    rider_id: heat.riders[lane]!.rider_id,
    position: positions[i]!,
    status: 'completed',
  }));
}

async function shared(label: string) {
  const email = `${label}@example.se`;
  return { email, ...(await shareProtocol(t, email, ids['fx-upcoming']!)) };
}

async function saveHeat(token: string, match: Match, n: number, positions?: number[]) {
  const res = await api(t, token)('POST', `/api/matches/${match.id}/heat/${n}/save`, {
    results: byLane(match.heats[n - 1]!, positions),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const view = (link: LiveLink) =>
  t.request({
    method: 'GET',
    url: `/api/live/${link.token}`,
    headers: { 'x-forwarded-for': nextIp() },
  });

describe('the owner’s live link', () => {
  it('is created once (256 random bits), read back the same, and kept from everyone else', async () => {
    const { token, match, link } = await shared('live-agare');
    expect(link.token).toMatch(/^[\w-]{43}$/);
    expect(link.url).toBe(`http://app.test/live/${link.token}`);
    expect(Buffer.from(link.qr_code.split(',')[1]!, 'base64').toString()).toContain('<svg');
    expect(link.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);

    const again = await api(t, token)('POST', `/api/matches/${match.id}/live-link`);
    expect(again.statusCode).toBe(200);
    expect(again.json().link.token).toBe(link.token);
    const read = await api(t, token)('GET', `/api/matches/${match.id}/live-link`);
    expect(read.json()).toEqual({ link });

    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const other = await api(t, intruder)(method, `/api/matches/${match.id}/live-link`);
      expect(other.statusCode).toBe(404);
      expectErrorShape(other.json(), 404);
      expect(
        (await api(t, undefined)(method, `/api/matches/${match.id}/live-link`)).statusCode,
      ).toBe(401);
    }
    // The token is stored only as its hash and sealed, never in clear.
    const rows = await t.db.execute(`SELECT * FROM live_links`);
    expect(JSON.stringify(rows.rows)).not.toContain(link.token);
  });

  it('is null before sharing, and a new one after “Sluta dela”', async () => {
    const token = await userWithRole(t, 'live-ny@example.se', 'user');
    const match = await startProtocol(t, token, ids['fx-upcoming']!);
    expect((await api(t, token)('GET', `/api/matches/${match.id}/live-link`)).json()).toEqual({
      link: null,
    });
    const first = (await api(t, token)('POST', `/api/matches/${match.id}/live-link`)).json().link;
    expect((await api(t, token)('DELETE', `/api/matches/${match.id}/live-link`)).statusCode).toBe(
      200,
    );
    expect((await api(t, token)('GET', `/api/matches/${match.id}/live-link`)).json()).toEqual({
      link: null,
    });
    const second = (await api(t, token)('POST', `/api/matches/${match.id}/live-link`)).json().link;
    expect(second.token).not.toBe(first.token);
    expect((await view(first)).statusCode).toBe(404);
    expect((await view(second)).statusCode).toBe(200);
  });
});

describe('viewing a live link without signing in', () => {
  it('shows the heats, the running score and rider totals, and nothing of the owner', async () => {
    const { email, token, match, link } = await shared('live-visning');
    await saveHeat(token, match, 1, [1, 2, 3, 4]);
    const res = await view(link);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    const snapshot = LiveSnapshotSchema.parse(res.json());
    expect(snapshot).toMatchObject({
      home_team: match.home_team,
      away_team: match.away_team,
      date: match.date,
      completed_heats: 1,
      total_heats: 15,
    });
    expect(snapshot.home_score + snapshot.away_score).toBe(6);
    expect(snapshot.running[0]).toMatchObject({ heat_number: 1, complete: true });
    expect(snapshot.heats).toHaveLength(15);
    expect(snapshot.riders.reduce((sum, r) => sum + r.points, 0)).toBe(6);
    expect(snapshot.riders[0]!.scorecard).toMatch(/\(/);
    const me = (await api(t, token)('GET', '/api/account/me')).json() as { id: string };
    for (const secret of [email, me.id, match.id, 'created_by', 'created_at', link.token]) {
      expect(res.body).not.toContain(secret);
    }
  });

  it('answers 404 for a token that was never given, in the error shape', async () => {
    const res = await t.request({ method: 'GET', url: `/api/live/${'A'.repeat(43)}` });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.json(), 404, 'LIVE_LINK_NOT_FOUND');
    expect(res.json().message).toBe('Länken är inte giltig längre.');
    expect((await t.request({ method: 'GET', url: '/api/live/not+a+token' })).statusCode).toBe(400);
  });

  it('is rate-limited per IP (snapshot and stream together) with Retry-After', async () => {
    const { link } = await shared('live-grans');
    const ip = '10.99.99.99';
    const statuses: number[] = [];
    for (let i = 0; i < LIVE_VIEWS_PER_IP.max; i++) {
      const url = i % 10 === 0 ? `${base}/api/live/${link.token}/events` : null;
      if (url) {
        const stream = await openEvents(url, { 'x-forwarded-for': ip });
        statuses.push(stream.status);
        stream.close();
      } else {
        const res = await t.request({
          method: 'GET',
          url: `/api/live/${link.token}`,
          headers: { 'x-forwarded-for': ip },
        });
        statuses.push(res.statusCode);
      }
    }
    expect(statuses.every((s) => s === 200)).toBe(true);
    const refused = await t.request({
      method: 'GET',
      url: `/api/live/${link.token}`,
      headers: { 'x-forwarded-for': ip },
    });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    const stream = await openEvents(`${base}/api/live/${link.token}/events`, {
      'x-forwarded-for': ip,
    });
    expect(stream.status).toBe(429);
    stream.close();
    // Another address is not held back.
    expect((await view(link)).statusCode).toBe(200);
  });
});

describe('the event stream', () => {
  it('sends the snapshot, then each heat save at once, uncompressed, with heartbeats', async () => {
    const { token, match, link } = await shared('live-strom');
    const events = await openEvents(`${base}/api/live/${link.token}/events`, {
      'accept-encoding': 'br, gzip',
      'x-forwarded-for': nextIp(),
    });
    expect(events.status).toBe(200);
    expect(events.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(events.headers['content-encoding']).toBeUndefined();
    expect(events.headers['x-robots-tag']).toBe('noindex');
    // Written by the route itself (ADR 030), with what every reply carries.
    expect(events.headers['cache-control']).toBe('no-store');
    expect(events.headers['x-content-type-options']).toBe('nosniff');
    expect(events.headers['x-request-id']).toMatch(/\S/);
    expect(events.headers.connection).toBe('close');
    const first = await events.snapshot();
    expect(first.completed_heats).toBe(0);
    expect(events.events[0]!.id).toBe(String(first.version));

    for (const n of [1, 2]) {
      const started = Date.now();
      await saveHeat(token, match, n);
      const next = await events.snapshot((s) => s.completed_heats === n);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(next.version).toBeGreaterThan(first.version);
    }
    // A nomination-free change of another kind (deleting the protocol) ends the stream as gone.
    expect((await api(t, token)('DELETE', `/api/matches/${match.id}`)).statusCode).toBe(200);
    await events.next((e) => e.event === 'gone');
    await events.ended;
  });

  it('after a reconnect with Last-Event-ID sends what was missed, and nothing when up to date', async () => {
    const { token, match, link } = await shared('live-ateranslutning');
    const url = `${base}/api/live/${link.token}/events`;
    const first = await openEvents(url, { 'x-forwarded-for': nextIp() });
    const seen = await first.snapshot();
    first.close();
    await saveHeat(token, match, 1);
    await saveHeat(token, match, 2);

    const again = await openEvents(url, {
      'last-event-id': String(seen.version),
      'x-forwarded-for': nextIp(),
    });
    const missed = await again.snapshot();
    expect(missed.completed_heats).toBe(2);
    expect(missed.heats.slice(0, 2).every((h) => h.results.length === 4)).toBe(true);
    again.close();

    const current = await openEvents(url, {
      'last-event-id': String(missed.version),
      'x-forwarded-for': nextIp(),
    });
    await expect(current.next(() => true, 500)).rejects.toThrow(/no matching event/);
    await saveHeat(token, match, 3);
    expect((await current.snapshot()).completed_heats).toBe(3);
    current.close();
  });

  it('“Sluta dela”: the link answers 404 at once and its open streams end', async () => {
    const { token, match, link } = await shared('live-sluta');
    const events = await openEvents(`${base}/api/live/${link.token}/events`, {
      'x-forwarded-for': nextIp(),
    });
    await events.snapshot();
    const started = Date.now();
    expect((await api(t, token)('DELETE', `/api/matches/${match.id}/live-link`)).statusCode).toBe(
      200,
    );
    expect((await view(link)).statusCode).toBe(404);
    await events.next((e) => e.event === 'gone');
    await events.ended;
    expect(Date.now() - started).toBeLessThan(2000);
    const late = await openEvents(`${base}/api/live/${link.token}/events`, {
      'x-forwarded-for': nextIp(),
    });
    expect(late.status).toBe(404);
    late.close();
  });

  it('a HEAD of the stream is answered at once (no body, no stream held open)', async () => {
    const { link } = await shared('live-head');
    const res = await fetch(`${base}/api/live/${link.token}/events`, {
      method: 'HEAD',
      headers: { 'x-forwarded-for': nextIp() },
      signal: AbortSignal.timeout(2000),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
  });
});
