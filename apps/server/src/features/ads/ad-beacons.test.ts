import type { Ad, AdSelection } from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, approvedAd } from '../../../test/ads';
import { api } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';
import { createAdTokens, loadAdTokenKey } from './ad-tokens';

// POST /api/ads/impression and /api/ads/click, sent as a beacon (text/plain, no Authorization)
// or a keep-alive fetch (JSON). An impression counts once per token, and once per viewer, ad and
// slot in 10 s; a click counts only on a counted impression, once, with the selection's click
// token or in the spec's form (id, placement) for the signed-in sender.

let t: TestApp;
let user: string;
let superAdmin: string;
let ad: Ad;
let viewers = 0;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '0' });
  user = await account(t, 'klickare@example.se', 'user');
  superAdmin = await account(t, 'admin@example.se', 'super_admin');
  ad = await approvedAd(t, superAdmin, { club_slug: 'raknare' });
});
afterAll(() => t.close());

/** Another signed-in viewer: each has their own impressions. */
const viewer = () => account(t, `tittare-${++viewers}@example.se`, 'user');

async function selection(
  app = t,
  club = 'raknare',
  who = user,
  placement: AdSelection['placement'] = 'protocol-bottom',
): Promise<AdSelection> {
  const res = await api(app, who)('POST', '/api/ads/select', { placement, clubSlug: club });
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

/** As a keep-alive fetch sends it, with the session's Authorization header if given. */
const fetchBeacon = (kind: 'impression' | 'click', body: unknown, token?: string, app = t) =>
  app.request({
    method: 'POST',
    url: `/api/ads/${kind}`,
    ...(token ? { token } : {}),
    headers: { 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

/** A selection whose impression was counted: ready to be clicked. */
async function shown(who = user, app = t, club = 'raknare'): Promise<AdSelection> {
  const s = await selection(app, club, who);
  const res = await beacon('impression', { id: s.id, token: s.impression_token }, app);
  expect(res.json(), res.body).toEqual({ counted: true });
  return s;
}

const stats = async (id = ad.id) => {
  const { impressions, clicks, ctr } = (await api(t, superAdmin)('GET', `/api/ads/${id}`)).json();
  return { impressions, clicks, ctr };
};

describe('impressions', () => {
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

  it('counts one impression per viewer, ad and slot in 10 s, however many selections', async () => {
    const who = await viewer();
    const before = (await stats()).impressions;
    const selections = await Promise.all(
      Array.from({ length: 8 }, () => selection(t, 'raknare', who)),
    );
    const replies = await Promise.all(
      selections.map((s) => beacon('impression', { id: s.id, token: s.impression_token })),
    );
    // One, or two if the burst straddled a slot's end.
    const counted = replies.map((r) => r.json().counted).filter(Boolean).length;
    expect([1, 2]).toContain(counted);
    // The other slot is another banner on the page.
    const top = await selection(t, 'raknare', who, 'protocol-top');
    expect(
      (await beacon('impression', { id: top.id, token: top.impression_token })).json(),
    ).toEqual({ counted: true });
    expect((await stats()).impressions).toBe(before + counted + 1);
  });

  it('needs no session: a revoked or missing Authorization header changes nothing', async () => {
    const s = await selection(t, 'raknare', await viewer());
    const res = await fetchBeacon(
      'impression',
      { id: s.id, token: s.impression_token },
      'x'.repeat(43),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ counted: true });
  });
});

describe('clicks', () => {
  it('counts a click token only after its impression was counted, and once', async () => {
    const who = await viewer();
    const before = await stats();
    const s = await selection(t, 'raknare', who);
    const click = { id: s.id, placement: s.placement, token: s.click_token };
    expect((await fetchBeacon('click', click)).json()).toEqual({ counted: false });
    expect((await beacon('impression', { id: s.id, token: s.impression_token })).json()).toEqual({
      counted: true,
    });
    expect((await fetchBeacon('click', click)).json()).toEqual({ counted: true });
    expect((await beacon('click', click)).json()).toEqual({ counted: false });
    expect(await stats()).toMatchObject({
      impressions: before.impressions + 1,
      clicks: before.clicks + 1,
    });
  });

  it('gives the CTR from counted impressions and clicks, in the list too', async () => {
    const other = await approvedAd(t, superAdmin, { club_slug: 'ctr' });
    for (let i = 0; i < 4; i++) await shown(await viewer(), t, 'ctr');
    const s = await selection(t, 'ctr', await viewer());
    await beacon('impression', { id: s.id, token: s.impression_token });
    expect((await beacon('click', { id: s.id, token: s.click_token })).json()).toEqual({
      counted: true,
    });
    expect(await stats(other.id)).toEqual({ impressions: 5, clicks: 1, ctr: 0.2 });
    const list = (await api(t, superAdmin)('GET', '/api/ads')).json() as Ad[];
    expect(list.find((a) => a.id === other.id)).toMatchObject({ clicks: 1, ctr: 0.2 });
  });

  it('cannot be inflated: 60 selections and clicks in a minute from one account', async () => {
    const flood = await approvedAd(t, superAdmin, { club_slug: 'flod' });
    const who = await viewer();
    const selections = await Promise.all(
      Array.from({ length: 60 }, () => selection(t, 'flod', who)),
    );
    const click = (s: AdSelection) => beacon('click', { id: s.id, token: s.click_token });
    const spec = () => fetchBeacon('click', { id: flood.id, placement: 'protocol-bottom' }, who);
    // No impression yet: nothing counts, in either form.
    await Promise.all([...selections.map(click), spec(), spec()]);
    expect(await stats(flood.id)).toEqual({ impressions: 0, clicks: 0, ctr: null });
    // All impressions sent at once: one counts (two if the burst straddled a 10 s slot's end);
    // then one click on each counted impression, whatever comes.
    await Promise.all(
      selections.map((s) => beacon('impression', { id: s.id, token: s.impression_token })),
    );
    await Promise.all([...selections.map(click), spec(), spec()]);
    const { impressions, clicks } = await stats(flood.id);
    expect([1, 2]).toContain(impressions);
    expect(clicks).toBe(impressions);
  });

  it('counts one of many replays sent at once', async () => {
    const s = await shown(await viewer());
    const body = { id: s.id, token: s.click_token };
    const before = (await stats()).clicks;
    const replies = await Promise.all(Array.from({ length: 12 }, () => beacon('click', body)));
    expect(replies.map((r) => r.json().counted).filter(Boolean)).toHaveLength(1);
    expect((await stats()).clicks).toBe(before + 1);
  });

  it("counts no click without a token on someone else's impression", async () => {
    const s = await shown(await viewer());
    const someone = await viewer();
    const res = await fetchBeacon('click', { id: s.id, placement: s.placement }, someone);
    expect(res.json()).toEqual({ counted: false });
  });
});

describe("the spec's form: id and placement, no token", () => {
  it('counts for the signed-in sender on their counted, not yet clicked impression', async () => {
    const who = await viewer();
    const s = await shown(who);
    const before = (await stats()).clicks;
    const body = { id: s.id, placement: s.placement };
    const first = await fetchBeacon('click', body, who);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ counted: true });
    // The impression is clicked now: neither form counts it again.
    expect((await fetchBeacon('click', body, who)).json()).toEqual({ counted: false });
    expect((await beacon('click', { id: s.id, token: s.click_token })).json()).toEqual({
      counted: false,
    });
    expect((await stats()).clicks).toBe(before + 1);
  });

  it('takes an anonymous or revoked one (a beacon sends no session) and counts nothing', async () => {
    const s = await shown(await viewer());
    const body = { id: s.id, placement: s.placement };
    const before = (await stats()).clicks;
    for (const res of [
      await beacon('click', body),
      await fetchBeacon('click', body, 'x'.repeat(43)),
    ]) {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ counted: false });
    }
    expect((await stats()).clicks).toBe(before);
  });

  it('counts nothing for another placement than the impression was shown in', async () => {
    const who = await viewer();
    const s = await shown(who);
    const res = await fetchBeacon('click', { id: s.id, placement: 'protocol-top' }, who);
    expect(res.json()).toEqual({ counted: false });
  });
});

describe('two instances', () => {
  it('count impressions and clicks once for both', async () => {
    const b = await startSecondInstance(t, { API_RATE_LIMIT: '0' });
    try {
      const who = await viewer();
      // A selection made on b counts on a, once for both.
      const s = await selection(b, 'raknare', who);
      const impression = { id: s.id, token: s.impression_token };
      const impressions = await Promise.all([
        beacon('impression', impression, b),
        beacon('impression', impression, t),
      ]);
      expect(impressions.map((r) => r.json().counted).filter(Boolean)).toHaveLength(1);
      const body = { id: s.id, placement: s.placement };
      const clicks = await Promise.all([
        beacon('click', { ...body, token: s.click_token }, b),
        beacon('click', { ...body, token: s.click_token }, t),
        fetchBeacon('click', body, who, b),
        fetchBeacon('click', body, who, t),
      ]);
      expect(clicks.map((r) => r.json().counted).filter(Boolean)).toHaveLength(1);
    } finally {
      await b.close();
    }
  });
});

it('counts nothing for an ad deleted since', async () => {
  const gone = await approvedAd(t, superAdmin, { club_slug: 'borttagen' });
  const s = await selection(t, 'borttagen');
  expect(s.id).toBe(gone.id);
  await api(t, superAdmin)('DELETE', `/api/ads/${gone.id}`);
  for (const kind of ['impression', 'click'] as const) {
    const token = kind === 'impression' ? s.impression_token : s.click_token;
    const res = await beacon(kind, { id: s.id, token });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ counted: false });
  }
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

  it('refuses an impression without its token', async () => {
    const res = await refused('impression', { id: ad.id, placement: 'protocol-top' });
    expect(res.message).toBe('Token krävs.');
  });

  it('refuses a token older than a day', async () => {
    const tokens = createAdTokens(await loadAdTokenKey(t.db));
    const who = await t.db.execute<{ id: string }>(
      sql`SELECT id FROM users WHERE email = 'klickare@example.se'`,
    );
    const selection = { adId: ad.id, placement: 'protocol-top' as const, userId: who.rows[0]!.id };
    const old = tokens.issue(selection, Date.now() - 25 * 3_600_000);
    await refused('impression', { id: ad.id, token: old.impression });
    const fresh = tokens.issue(selection);
    expect((await beacon('impression', { id: ad.id, token: fresh.impression })).json()).toEqual({
      counted: true,
    });
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
  it('keeps the viewer of an impression only (for its click), and drops them with the account', async () => {
    const rows = await t.db.execute<{ table_name: string; column_name: string }>(sql`
      SELECT table_name, column_name FROM information_schema.columns
      WHERE table_name IN ('ad_impressions', 'ad_clicks') ORDER BY table_name, ordinal_position`);
    const columns = (table: string) =>
      rows.rows.filter((r) => r.table_name === table).map((r) => r.column_name);
    expect(columns('ad_impressions')).toEqual([
      'token_id',
      'ad_id',
      'placement',
      'created_at',
      'user_id',
      'time_slot',
    ]);
    expect(columns('ad_clicks')).toEqual([
      'token_id',
      'ad_id',
      'placement',
      'created_at',
      'impression_id',
    ]);
    const rule = await t.db.execute<{ delete_rule: string }>(sql`
      SELECT rc.delete_rule FROM information_schema.referential_constraints rc
      WHERE rc.constraint_name = 'ad_impressions_user_id_users_id_fk'`);
    expect(rule.rows[0]?.delete_rule).toBe('SET NULL');
  });
});
