import type { AdSelection } from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account, adRevision, approvedAd, createAd, dayFromToday } from '../../../test/ads';
import { importDoc, fixtureSeason } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { teams } from '../../db/schema/index';
import type { Auth } from '../../context';
import { createAdSelector } from './ad-selection';

// POST /api/ads/select: one approved, active ad running today (Swedish days), the match's clubs
// first, package-weighted; 204 when none fits. Cached per instance, current on every request.

let t: TestApp;
let user: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '0' });
  user = await account(t, 'tittare@example.se', 'user');
  superAdmin = await account(t, 'moderator@example.se', 'super_admin');
});
afterAll(() => t.close());

const select = async (body: Record<string, unknown>, app = t, token = user) => {
  const res = await api(app, token)('POST', '/api/ads/select', {
    placement: 'protocol-top',
    ...body,
  });
  expect([200, 204], res.body).toContain(res.statusCode);
  return res.statusCode === 204 ? null : (res.json() as AdSelection);
};

/** The ids a banner shows over `n` selections. */
async function shown(body: Record<string, unknown>, n = 30, app = t): Promise<Set<string | null>> {
  const ids = new Set<string | null>();
  for (let i = 0; i < n; i++) ids.add((await select(body, app))?.id ?? null);
  return ids;
}

/** A moderation step; an approval names the revision the ad has now. */
const act = async (id: string, action: string, app = t) =>
  api(app, superAdmin)(
    'POST',
    `/api/ads/${id}/${action}`,
    action === 'approve' ? { revision: await adRevision(app, superAdmin, id) } : undefined,
  );

describe('POST /api/ads/select', () => {
  it('needs a session, and a known placement', async () => {
    const anonymous = await api(t, undefined)('POST', '/api/ads/select', {
      placement: 'protocol-top',
    });
    expect(anonymous.statusCode).toBe(401);
    const bad = await api(t, user)('POST', '/api/ads/select', { placement: 'sidebar' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(
      "Ogiltig indata (body.placement): placement ska vara 'protocol-top' eller 'protocol-bottom'.",
    );
  });

  it('answers 204 without a body when no ad fits', async () => {
    const res = await api(t, user)('POST', '/api/ads/select', { placement: 'protocol-top' });
    expect(res.statusCode).toBe(204);
    expect(res.body).toBe('');
  });

  it('gives the ad with a fresh pair of one-time tokens each time', async () => {
    const ad = await approvedAd(t, superAdmin, { club_slug: 'tokenklubb' });
    const first = await select({ clubSlug: 'tokenklubb', placement: 'protocol-bottom' });
    expect(first).toEqual({
      id: ad.id,
      title: ad.title,
      image_url: ad.image_url,
      click_url: ad.click_url,
      club_slug: 'tokenklubb',
      placement: 'protocol-bottom',
      impression_token: expect.stringMatching(/^[\w-]{40,}$/),
      click_token: expect.stringMatching(/^[\w-]{40,}$/),
    });
    const second = await select({ clubSlug: 'tokenklubb' });
    expect(second!.id).toBe(ad.id);
    expect(second!.impression_token).not.toBe(first!.impression_token);
    expect(second!.click_token).not.toBe(first!.click_token);
  });

  it('shows only approved, active ads whose period includes today', async () => {
    const club = 'fonsterklubben';
    const clubAdmin = await account(t, 'fonster@example.se', 'club_admin', club);
    const running = await approvedAd(t, superAdmin, { club_slug: club });
    const lastDay = await approvedAd(t, superAdmin, {
      club_slug: club,
      start_date: dayFromToday(-30),
      end_date: dayFromToday(0),
    });
    const firstDay = await approvedAd(t, superAdmin, {
      club_slug: club,
      start_date: dayFromToday(0),
      end_date: dayFromToday(30),
    });
    const paused = await approvedAd(t, superAdmin, { club_slug: club });
    await act(paused.id, 'pause');
    const rejected = await approvedAd(t, superAdmin, { club_slug: club });
    await act(rejected.id, 'reject');
    await approvedAd(t, superAdmin, {
      club_slug: club,
      start_date: dayFromToday(-10),
      end_date: dayFromToday(-1),
    });
    await approvedAd(t, superAdmin, {
      club_slug: club,
      start_date: dayFromToday(1),
      end_date: dayFromToday(10),
    });
    const pending = await createAd(t, clubAdmin);
    expect(pending.moderation_status).toBe('pending');

    expect(await shown({ clubSlug: club }, 60)).toEqual(
      new Set([running.id, lastDay.id, firstDay.id]),
    );
  });

  it("puts the match's clubs first, named by slug or by the protocol's team ids", async () => {
    await importDoc(t, fixtureSeason());
    const rows = await t.db.select({ id: teams.id, slug: teams.slug }).from(teams);
    const home = rows.find((r) => r.slug === 'hemma')!;
    const away = rows.find((r) => r.slug === 'borta')!;
    const homeAd = await approvedAd(t, superAdmin, { club_slug: 'hemma' });
    const awayAd = await approvedAd(t, superAdmin, { club_slug: 'borta', package: 'platinum' });

    expect(await shown({ homeTeamId: home.id })).toEqual(new Set([homeAd.id]));
    expect(await shown({ awayTeamId: away.id }, 10)).toEqual(new Set([awayAd.id]));
    expect(await shown({ homeTeamId: home.id, awayTeamId: away.id }, 60)).toEqual(
      new Set([homeAd.id, awayAd.id]),
    );
    expect(await shown({ clubSlug: 'hemma', awayClubSlug: 'borta' }, 60)).toEqual(
      new Set([homeAd.id, awayAd.id]),
    );
    // Ids that name no team (or are not ids at all) add no club.
    const unknown = await shown({ homeTeamId: crypto.randomUUID(), awayTeamId: 'preview' }, 60);
    expect(unknown.size).toBeGreaterThan(2);
  });

  it('keeps an ad limited to a slot out of the other slot', async () => {
    const bottom = await approvedAd(t, superAdmin, {
      club_slug: 'slotklubb',
      placement: 'protocol-bottom',
    });
    expect(await shown({ clubSlug: 'slotklubb', placement: 'protocol-bottom' }, 10)).toEqual(
      new Set([bottom.id]),
    );
    expect(
      (await shown({ clubSlug: 'slotklubb', placement: 'protocol-top' }, 30)).has(bottom.id),
    ).toBe(false);
  });

  it('follows every moderation step at the next request', async () => {
    const clubAdmin = await account(t, 'stegvis@example.se', 'club_admin', 'stegklubb');
    const ad = await createAd(t, clubAdmin);
    const onlyIt = async () => (await shown({ clubSlug: 'stegklubb' }, 5)).has(ad.id);
    // Warm the cache, so that what follows proves it is refreshed.
    expect(await onlyIt()).toBe(false);
    await act(ad.id, 'approve');
    expect(await onlyIt()).toBe(true);
    await act(ad.id, 'pause');
    expect(await onlyIt()).toBe(false);
    await act(ad.id, 'activate');
    expect(await onlyIt()).toBe(true);
    // The club's edit sends it back for review: not shown until approved again.
    const edit = await api(t, clubAdmin)('PUT', `/api/ads/${ad.id}`, {
      title: 'Ändrad',
      image_url: ad.image_url,
      click_url: ad.click_url,
      start_date: ad.start_date,
      end_date: ad.end_date,
    });
    expect(edit.json().moderation_status).toBe('pending');
    expect(await onlyIt()).toBe(false);
    await act(ad.id, 'approve');
    expect(await onlyIt()).toBe(true);
    await api(t, superAdmin)('DELETE', `/api/ads/${ad.id}`);
    expect(await onlyIt()).toBe(false);
  });
});

describe('two instances', () => {
  it('an ad approved on one is selectable on the other at its next request, and a pause too', async () => {
    const b = await startSecondInstance(t, { API_RATE_LIMIT: '0' });
    try {
      const clubAdmin = await account(t, 'tva@example.se', 'club_admin', 'tvaklubb');
      const ad = await createAd(t, clubAdmin);
      const onB = async () => (await shown({ clubSlug: 'tvaklubb' }, 5, b)).has(ad.id);
      const onA = async () => (await shown({ clubSlug: 'tvaklubb' }, 5, t)).has(ad.id);
      expect(await onB()).toBe(false);
      await act(ad.id, 'approve', t);
      expect(await onB()).toBe(true);
      await act(ad.id, 'pause', b);
      expect(await onA()).toBe(false);
      expect(await onB()).toBe(false);
    } finally {
      await b.close();
    }
  });
});

describe('the selector', () => {
  /** A request's view of the data versions, as its session lookup reads them. */
  async function auth(): Promise<Auth> {
    const rows = await t.db.execute<{ key: string; version: string }>(
      sql`SELECT key, version::text FROM data_versions`,
    );
    return { dataVersions: Object.fromEntries(rows.rows.map((r) => [r.key, r.version])) } as Auth;
  }

  it('reads the eligible ads once per data version, however many ask at once', async () => {
    const selector = createAdSelector(t.db);
    const top = { placement: 'protocol-top' } as const;
    const before = await auth();
    await Promise.all(Array.from({ length: 20 }, () => selector.select(before, top)));
    await selector.select(before, top);
    expect(selector.loads).toBe(1);

    // An ad write raises the version: the next request that knows of it reads again, once.
    const ad = await approvedAd(t, superAdmin, { club_slug: 'cacheklubb' });
    const after = await auth();
    expect((await selector.select(after, { ...top, clubSlug: 'cacheklubb' }))?.id).toBe(ad.id);
    await selector.select(after, top);
    expect(selector.loads).toBe(2);
    // A request read before the write may use the newer snapshot.
    await selector.select(before, top);
    expect(selector.loads).toBe(2);
  });

  it('starts and ends an ad at midnight in Sweden, from the cached set', async () => {
    const year = new Date().getFullYear() + 1;
    const ad = await approvedAd(t, superAdmin, {
      club_slug: 'midnatt',
      start_date: `${year}-06-01`,
      end_date: `${year}-06-30`,
    });
    // Summer time: midnight in Stockholm is 22:00 UTC the day before.
    let now = new Date(`${year}-05-31T21:59:59Z`);
    const selector = createAdSelector(t.db, { now: () => now, random: () => 0 });
    const body = { placement: 'protocol-top' as const, clubSlug: 'midnatt' };
    const versions = await auth();
    const pick = async () => (await selector.select(versions, body))?.id;
    expect(await pick()).not.toBe(ad.id);
    now = new Date(`${year}-05-31T22:00:00Z`);
    expect(await pick()).toBe(ad.id);
    now = new Date(`${year}-06-30T21:59:59Z`);
    expect(await pick()).toBe(ad.id);
    now = new Date(`${year}-06-30T22:00:00Z`);
    expect(await pick()).not.toBe(ad.id);
    expect(selector.loads).toBe(1);
  });
});
