import type { Ad, AdSelection } from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, approvedAd } from '../../../test/ads';
import { api } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';
import { createAdTokens, loadAdTokenKey } from './ad-tokens';

// POST /api/ads/impression and /api/ads/click: each one-time token from the selection counts
// once, sent as a beacon (text/plain, no Authorization) or a keep-alive fetch (JSON).

let t: TestApp;
let user: string;
let superAdmin: string;
let ad: Ad;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '0' });
  user = await account(t, 'klickare@example.se', 'user');
  superAdmin = await account(t, 'admin@example.se', 'super_admin');
  ad = await approvedAd(t, superAdmin, { club_slug: 'raknare' });
});
afterAll(() => t.close());

async function selection(app = t, club = 'raknare'): Promise<AdSelection> {
  const res = await api(app, user)('POST', '/api/ads/select', {
    placement: 'protocol-bottom',
    clubSlug: club,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** As navigator.sendBeacon sends it: the JSON as text/plain, no Authorization header. */
const beacon = (kind: 'impression' | 'click', body: unknown, app = t) =>
  app.request({
    method: 'POST',
    url: `/api/ads/${kind}`,
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify(body),
  });

/** As a keep-alive fetch sends it. */
const fetchBeacon = (kind: 'impression' | 'click', body: unknown, token?: string) =>
  t.request({
    method: 'POST',
    url: `/api/ads/${kind}`,
    ...(token ? { token } : {}),
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const stats = async (id = ad.id) => {
  const { impressions, clicks, ctr } = (await api(t, superAdmin)('GET', `/api/ads/${id}`)).json();
  return { impressions, clicks, ctr };
};

describe('counting', () => {
  it('counts an impression beacon once: a replay counts nothing', async () => {
    const s = await selection();
    const body = { id: s.id, placement: s.placement, token: s.impression_token };
    const first = await beacon('impression', body);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ counted: true });
    expect((await beacon('impression', body)).json()).toEqual({ counted: false });
    expect((await fetchBeacon('impression', body)).json()).toEqual({ counted: false });
    expect(await stats()).toEqual({ impressions: 1, clicks: 0, ctr: 0 });
  });

  it('counts a click once, by beacon or keep-alive fetch, and gives the CTR', async () => {
    for (let i = 0; i < 3; i++) {
      const s = await selection();
      await beacon('impression', { id: s.id, token: s.impression_token });
    }
    const s = await selection();
    const body = { id: s.id, placement: s.placement, token: s.click_token };
    expect((await fetchBeacon('click', body)).json()).toEqual({ counted: true });
    expect((await beacon('click', body)).json()).toEqual({ counted: false });
    expect(await stats()).toEqual({ impressions: 4, clicks: 1, ctr: 0.25 });
    const list = (await api(t, superAdmin)('GET', '/api/ads')).json() as Ad[];
    expect(list.find((a) => a.id === ad.id)).toMatchObject({
      impressions: 4,
      clicks: 1,
      ctr: 0.25,
    });
  });

  it('counts one of many replays sent at once', async () => {
    const s = await selection();
    const body = { id: s.id, token: s.click_token };
    const before = (await stats()).clicks;
    const replies = await Promise.all(Array.from({ length: 12 }, () => beacon('click', body)));
    expect(replies.map((r) => r.json().counted).filter(Boolean)).toHaveLength(1);
    expect((await stats()).clicks).toBe(before + 1);
  });

  it('needs no session: a revoked or missing Authorization header changes nothing', async () => {
    const s = await selection();
    const res = await fetchBeacon(
      'impression',
      { id: s.id, token: s.impression_token },
      'x'.repeat(43),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ counted: true });
  });

  it('counts on another instance, once for both', async () => {
    const b = await startSecondInstance(t, { API_RATE_LIMIT: '0' });
    try {
      const s = await selection(t);
      const body = { id: s.id, token: s.click_token };
      expect((await beacon('click', body, b)).json()).toEqual({ counted: true });
      expect((await beacon('click', body, t)).json()).toEqual({ counted: false });
      // And a token made by the other instance counts here.
      const fromB = await selection(b);
      expect(
        (await beacon('impression', { id: fromB.id, token: fromB.impression_token })).json(),
      ).toEqual({ counted: true });
    } finally {
      await b.close();
    }
  });

  it('counts nothing for an ad deleted since', async () => {
    const gone = await approvedAd(t, superAdmin, { club_slug: 'borttagen' });
    const s = await selection(t, 'borttagen');
    expect(s.id).toBe(gone.id);
    await api(t, superAdmin)('DELETE', `/api/ads/${gone.id}`);
    const res = await beacon('click', { id: s.id, token: s.click_token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ counted: false });
  });
});

describe('refusals', () => {
  const refused = async (kind: 'impression' | 'click', body: unknown) => {
    const res = await beacon(kind, body);
    expect(res.statusCode, res.body).toBe(400);
    expectErrorShape(res.json(), 400);
    return res.json() as { code: string; message: string };
  };

  it('refuses a forged token, the other kind of token, and a token of another ad', async () => {
    const s = await selection();
    const flipped =
      s.click_token.slice(0, 10) +
      (s.click_token[10] === 'A' ? 'B' : 'A') +
      s.click_token.slice(11);
    const forged = await refused('click', { id: s.id, token: flipped });
    expect(forged).toMatchObject({
      code: 'INVALID_TOKEN',
      message: 'Ogiltig eller för gammal annonstoken.',
    });
    await refused('click', { id: s.id, token: s.impression_token });
    await refused('impression', { id: s.id, token: s.click_token });
    await refused('click', { id: crypto.randomUUID(), token: s.click_token });
    await refused('click', { id: s.id, token: 'kort' });
  });

  it('refuses a token older than a day', async () => {
    const tokens = createAdTokens(await loadAdTokenKey(t.db));
    const old = tokens.issue('click', ad.id, 'protocol-top', Date.now() - 25 * 3_600_000);
    await refused('click', { id: ad.id, token: old });
    const fresh = tokens.issue('click', ad.id, 'protocol-top');
    expect((await beacon('click', { id: ad.id, token: fresh })).json()).toEqual({ counted: true });
  });

  it('refuses a body that is not the beacon JSON, in the error shape', async () => {
    const broken = await t.request({
      method: 'POST',
      url: '/api/ads/click',
      headers: { 'content-type': 'text/plain' },
      payload: '{"id":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toMatchObject({
      code: 'INVALID_JSON',
      message: 'Ogiltig JSON i förfrågan.',
    });
    const missing = await refused('click', {});
    expect(missing.message).toMatch(/^Ogiltig indata \(body\.id\)/);
    // text/plain is taken on the beacon routes only.
    const elsewhere = await t.request({
      method: 'POST',
      url: '/api/ads/select',
      token: user,
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ placement: 'protocol-top' }),
    });
    expect(elsewhere.statusCode).toBe(415);
  });
});

describe('privacy', () => {
  it('keeps nothing about the viewer: token id, ad, slot and time only', async () => {
    const rows = await t.db.execute<{ table_name: string; column_name: string }>(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_name IN ('ad_impressions', 'ad_clicks') ORDER BY table_name, ordinal_position`);
    const columns = (table: string) =>
      rows.rows.filter((r) => r.table_name === table).map((r) => r.column_name);
    for (const table of ['ad_impressions', 'ad_clicks']) {
      expect(columns(table)).toEqual(['token_id', 'ad_id', 'placement', 'created_at']);
    }
  });
});
