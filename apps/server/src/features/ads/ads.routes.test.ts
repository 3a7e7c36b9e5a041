import type { Ad } from '@speedway/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adForm, account, createAd } from '../../../test/ads';
import { api } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectErrorShape, PASSWORD } from '../../../test/users';
import { createUserCommand } from '../../cli/create-user';
import { users } from '../../db/schema/index';

// The admin area's ad calls (docs/spec/2-matches-protocols-admin.md §7) per role (§6): club_admin
// on their own club's ads, super_admin on all with package, moderation and deletion, a user refused
// everywhere.

let t: TestApp;
let user: string;
let clubAdmin: string;
let otherClubAdmin: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '0' });
  user = await account(t, 'anvandare@example.se', 'user');
  clubAdmin = await account(t, 'indianerna@example.se', 'club_admin', 'indianerna');
  otherClubAdmin = await account(t, 'dackarna@example.se', 'club_admin', 'dackarna');
  superAdmin = await account(t, 'super@example.se', 'super_admin');
});
afterAll(() => t.close());

const as = (token: string | undefined) => api(t, token);

describe('roles', () => {
  it('answers 401 without a session and 403 to a user on every admin route', async () => {
    const ad = await createAd(t, clubAdmin);
    const calls: [method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown][] = [
      ['GET', '/api/ads'],
      ['GET', `/api/ads/${ad.id}`],
      ['POST', '/api/ads', adForm()],
      ['PUT', `/api/ads/${ad.id}`, adForm()],
      ['DELETE', `/api/ads/${ad.id}`],
      ['POST', `/api/ads/${ad.id}/approve`],
      ['POST', `/api/ads/${ad.id}/reject`],
      ['POST', `/api/ads/${ad.id}/pause`],
      ['POST', `/api/ads/${ad.id}/activate`],
    ];
    for (const [method, url, body] of calls) {
      const anonymous = await as(undefined)(method, url, body);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const refused = await as(user)(method, url, body);
      expect(refused.statusCode, `${method} ${url}`).toBe(403);
      expectErrorShape(refused.json(), 403, 'FORBIDDEN');
    }
    // A user's bad body still hears 403, not what is wrong with the body.
    const bad = await as(user)('POST', '/api/ads', { click_url: 'javascript:alert(1)' });
    expect(bad.statusCode).toBe(403);
  });

  it('lets only a super_admin moderate and delete', async () => {
    const ad = await createAd(t, clubAdmin);
    for (const action of ['approve', 'reject', 'pause', 'activate']) {
      const res = await as(clubAdmin)('POST', `/api/ads/${ad.id}/${action}`);
      expect(res.statusCode, action).toBe(403);
    }
    expect((await as(clubAdmin)('DELETE', `/api/ads/${ad.id}`)).statusCode).toBe(403);
    expect((await as(clubAdmin)('GET', `/api/ads/${ad.id}`)).json().moderation_status).toBe(
      'pending',
    );
  });
});

describe('a club_admin', () => {
  it('creates ads for their own club: bronze, active, waiting for approval', async () => {
    const form = adForm({ title: '  Biljetter till premiären  ' });
    const res = await as(clubAdmin)('POST', '/api/ads', {
      ...form,
      package: 'platinum',
      club_slug: 'dackarna',
      placement: 'protocol-top',
    });
    expect(res.statusCode, res.body).toBe(201);
    const ad = res.json() as Ad;
    expect(ad).toEqual({
      id: expect.any(String),
      title: 'Biljetter till premiären',
      image_url: form.image_url,
      click_url: form.click_url,
      placement: null,
      start_date: form.start_date,
      end_date: form.end_date,
      package: 'bronze',
      club_slug: 'indianerna',
      status: 'active',
      moderation_status: 'pending',
      revision: 1,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      impressions: 0,
      clicks: 0,
      ctr: null,
    });
    expect((await as(clubAdmin)('GET', `/api/ads/${ad.id}`)).json()).toEqual(ad);
  });

  it("sees their club's ads only; another club's answers 404 as if missing", async () => {
    const own = await createAd(t, clubAdmin);
    const theirs = await createAd(t, otherClubAdmin);
    const house = await createAd(t, superAdmin);

    const list = (await as(clubAdmin)('GET', '/api/ads')).json() as Ad[];
    expect(list.map((a) => a.id)).toContain(own.id);
    expect(list.every((a) => a.club_slug === 'indianerna')).toBe(true);

    for (const id of [theirs.id, house.id]) {
      const read = await as(clubAdmin)('GET', `/api/ads/${id}`);
      expect(read.statusCode).toBe(404);
      expectErrorShape(read.json(), 404, 'NOT_FOUND');
      expect(read.json().message).toBe('Annonsen finns inte.');
      expect((await as(clubAdmin)('PUT', `/api/ads/${id}`, adForm())).statusCode).toBe(404);
    }
    expect((await as(superAdmin)('GET', `/api/ads/${theirs.id}`)).json().title).toBe(theirs.title);
  });

  it('sends an approved ad back to moderation by editing it, but not by saving it unchanged', async () => {
    const ad = await createAd(t, clubAdmin);
    await as(superAdmin)('POST', `/api/ads/${ad.id}/approve`, { revision: ad.revision });
    const form = {
      title: ad.title,
      image_url: ad.image_url,
      click_url: ad.click_url,
      start_date: ad.start_date,
      end_date: ad.end_date,
      package: 'bronze',
    };
    const unchanged = await as(clubAdmin)('PUT', `/api/ads/${ad.id}`, form);
    expect(unchanged.json().moderation_status).toBe('approved');

    const edited = await as(clubAdmin)('PUT', `/api/ads/${ad.id}`, {
      ...form,
      title: 'Ny rubrik',
      package: 'gold',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({
      title: 'Ny rubrik',
      moderation_status: 'pending',
      package: 'bronze',
      club_slug: 'indianerna',
    });

    // A rejected ad, once changed, is sent for review again too.
    await as(superAdmin)('POST', `/api/ads/${ad.id}/reject`);
    const resubmitted = await as(clubAdmin)('PUT', `/api/ads/${ad.id}`, {
      ...form,
      title: 'Rättad rubrik',
    });
    expect(resubmitted.json().moderation_status).toBe('pending');
  });

  it('without a club cannot create ads and sees none', async () => {
    const token = await account(t, 'utan-klubb@example.se', 'club_admin', 'tillfallig');
    await t.db
      .update(users)
      .set({ clubSlug: null })
      .where(eq(users.email, 'utan-klubb@example.se'));
    const res = await as(token)('POST', '/api/ads', adForm());
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(
      'Ditt konto är inte kopplat till någon klubb. Be en superadministratör om hjälp.',
    );
    expect((await as(token)('GET', '/api/ads')).json()).toEqual([]);
  });
});

describe('a super_admin', () => {
  it('sees every ad, newest first', async () => {
    const a = await createAd(t, clubAdmin);
    const b = await createAd(t, otherClubAdmin);
    const list = (await as(superAdmin)('GET', '/api/ads')).json() as Ad[];
    const ids = list.map((ad) => ad.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(new Set(list.map((ad) => ad.club_slug))).toEqual(
      new Set(['indianerna', 'dackarna', null]),
    );
  });

  it('creates an approved ad with the package, club and slot given (bronze and a house ad by default)', async () => {
    const gold = await createAd(t, superAdmin, {
      package: 'gold',
      club_slug: 'vetlanda',
      placement: 'protocol-bottom',
    });
    expect(gold).toMatchObject({
      package: 'gold',
      club_slug: 'vetlanda',
      placement: 'protocol-bottom',
      moderation_status: 'approved',
      status: 'active',
    });
    const house = await createAd(t, superAdmin);
    expect(house).toMatchObject({ package: 'bronze', club_slug: null, placement: null });
  });

  it("sets the package of a club's ad, and keeps it when the form leaves it out", async () => {
    const ad = await createAd(t, clubAdmin);
    const form = adForm({ title: ad.title });
    const set = await as(superAdmin)('PUT', `/api/ads/${ad.id}`, { ...form, package: 'platinum' });
    expect(set.json()).toMatchObject({
      package: 'platinum',
      club_slug: 'indianerna',
      moderation_status: 'pending',
    });
    const kept = await as(superAdmin)('PUT', `/api/ads/${ad.id}`, form);
    expect(kept.json()).toMatchObject({ package: 'platinum', start_date: form.start_date });
  });

  it('moderates: approve, reject, pause and activate are two separate fields', async () => {
    const ad = await createAd(t, clubAdmin);
    const act = async (action: string) => {
      const body = action === 'approve' ? { revision: ad.revision } : undefined;
      const res = await as(superAdmin)('POST', `/api/ads/${ad.id}/${action}`, body);
      expect(res.statusCode, res.body).toBe(200);
      const { status, moderation_status } = res.json() as Ad;
      return `${status}/${moderation_status}`;
    };
    expect(await act('approve')).toBe('active/approved');
    expect(await act('approve')).toBe('active/approved');
    expect(await act('pause')).toBe('paused/approved');
    expect(await act('reject')).toBe('paused/rejected');
    expect(await act('activate')).toBe('active/rejected');
    expect(await act('approve')).toBe('active/approved');
    const missing = await as(superAdmin)('POST', `/api/ads/${crypto.randomUUID()}/approve`, {
      revision: 1,
    });
    expect(missing.statusCode).toBe(404);
  });

  it('deletes an ad', async () => {
    const ad = await createAd(t, clubAdmin);
    const res = await as(superAdmin)('DELETE', `/api/ads/${ad.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Annonsen togs bort.' });
    expect((await as(superAdmin)('GET', `/api/ads/${ad.id}`)).statusCode).toBe(404);
    expect((await as(superAdmin)('DELETE', `/api/ads/${ad.id}`)).statusCode).toBe(404);
  });
});

describe('approval of the reviewed revision', () => {
  const approve = (id: string, body?: unknown) =>
    as(superAdmin)('POST', `/api/ads/${id}/approve`, body);

  it('refuses to approve an ad changed since it was reviewed, and shows the new content', async () => {
    const ad = await createAd(t, clubAdmin);
    expect(ad.revision).toBe(1);
    const reviewed = (await as(superAdmin)('GET', `/api/ads/${ad.id}`)).json() as Ad;
    const changed = await as(clubAdmin)('PUT', `/api/ads/${ad.id}`, {
      ...adForm(),
      title: ad.title,
      click_url: 'https://bedrageri.example.com/',
    });
    expect(changed.json()).toMatchObject({ revision: 2, moderation_status: 'pending' });

    const refused = await approve(ad.id, { revision: reviewed.revision });
    expect(refused.statusCode, refused.body).toBe(409);
    expectErrorShape(refused.json(), 409, 'AD_CHANGED');
    expect(refused.json().message).toBe(
      'Annonsen har ändrats sedan du granskade den. Granska den nya versionen innan du godkänner den.',
    );
    const now = (await as(superAdmin)('GET', `/api/ads/${ad.id}`)).json() as Ad;
    expect(now).toMatchObject({
      click_url: 'https://bedrageri.example.com/',
      moderation_status: 'pending',
      revision: 2,
    });

    const approved = await approve(ad.id, { revision: now.revision });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ moderation_status: 'approved', revision: 2 });
  });

  it('needs the revision: an approval naming none is refused', async () => {
    const ad = await createAd(t, clubAdmin);
    for (const body of [undefined, {}, { revision: 'senaste' }, { revision: 0 }]) {
      const res = await approve(ad.id, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.json(), 400);
    }
    expect((await as(superAdmin)('GET', `/api/ads/${ad.id}`)).json().moderation_status).toBe(
      'pending',
    );
  });

  it('never leaves changed content approved when an edit and an approval meet', async () => {
    for (let i = 0; i < 5; i++) {
      const ad = await createAd(t, clubAdmin);
      const [edit, approval] = await Promise.all([
        as(clubAdmin)('PUT', `/api/ads/${ad.id}`, { ...adForm(), title: `Ändrad ${i}` }),
        approve(ad.id, { revision: ad.revision }),
      ]);
      expect(edit.statusCode).toBe(200);
      expect([200, 409]).toContain(approval.statusCode);
      const now = (await as(superAdmin)('GET', `/api/ads/${ad.id}`)).json() as Ad;
      expect(now).toMatchObject({
        title: `Ändrad ${i}`,
        revision: 2,
        moderation_status: 'pending',
      });
    }
  });

  it("raises the revision for a change of content only, a super_admin's too", async () => {
    const ad = await createAd(t, superAdmin);
    const form = {
      title: ad.title,
      image_url: ad.image_url,
      click_url: ad.click_url,
      start_date: ad.start_date,
      end_date: ad.end_date,
    };
    const repackaged = await as(superAdmin)('PUT', `/api/ads/${ad.id}`, {
      ...form,
      package: 'gold',
    });
    expect(repackaged.json()).toMatchObject({ revision: 1, moderation_status: 'approved' });
    const retitled = await as(superAdmin)('PUT', `/api/ads/${ad.id}`, { ...form, title: 'Ny' });
    expect(retitled.json()).toMatchObject({ revision: 2, moderation_status: 'approved' });
  });
});

describe('validation', () => {
  const refused = async (body: unknown) => {
    const res = await as(clubAdmin)('POST', '/api/ads', body);
    expect(res.statusCode, res.body).toBe(400);
    expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
    return res.json() as { message: string; details: { path: string; message: string }[] };
  };

  it('refuses a javascript: click URL and a data: image with a Swedish message', async () => {
    const js = await refused(adForm({ click_url: 'javascript:alert(document.cookie)' }));
    expect(js.message).toBe(
      'Ogiltig indata (body.click_url): Länkadressen måste vara en fullständig adress som börjar med http:// eller https://.',
    );
    const data = await refused(adForm({ image_url: 'data:image/svg+xml;base64,PHN2Zz4=' }));
    expect(data.details).toEqual([
      {
        path: 'body.image_url',
        message:
          'Bildadressen måste vara en fullständig adress som börjar med http:// eller https://.',
      },
    ]);
  });

  it('refuses an end date before the start date', async () => {
    const body = await refused(adForm({ start_date: '2026-05-10', end_date: '2026-05-09' }));
    expect(body.message).toBe(
      'Ogiltig indata (body.end_date): Slutdatumet får inte vara före startdatumet.',
    );
    // A one-day ad is fine.
    await createAd(t, clubAdmin, { start_date: '2026-05-10', end_date: '2026-05-10' });
  });

  it('names each required field, and refuses unknown fields and impossible dates', async () => {
    const empty = await refused({});
    expect(empty.details.map((d) => d.message)).toEqual([
      'Titel krävs.',
      'Bildadress krävs.',
      'Länkadress krävs.',
      'Startdatum krävs.',
      'Slutdatum krävs.',
    ]);
    await refused({ ...adForm(), moderation_status: 'approved' });
    const date = await refused(adForm({ start_date: '2026-02-30' }));
    expect(date.details[0]).toEqual({
      path: 'body.start_date',
      message: 'Ange datumet som ÅÅÅÅ-MM-DD.',
    });
    const id = await as(superAdmin)('GET', '/api/ads/inte-ett-id');
    expect(id.statusCode).toBe(400);
  });

  it('checks a PUT the same way', async () => {
    const ad = await createAd(t, clubAdmin);
    const res = await as(clubAdmin)('PUT', `/api/ads/${ad.id}`, {
      ...adForm(),
      click_url: 'javascript:void(0)',
    });
    expect(res.statusCode).toBe(400);
  });
});

describe('accounts', () => {
  it('create-user makes a club_admin with --role and --club (and refuses one without a club)', async () => {
    const out = await createUserCommand(
      {
        email: 'ny-klubbadmin@example.se',
        password: PASSWORD,
        role: 'club_admin',
        club: 'vetlanda',
      },
      t.db,
    );
    expect(out).toBe('Created club_admin ny-klubbadmin@example.se');
    const [row] = await t.db
      .select({ role: users.role, clubSlug: users.clubSlug })
      .from(users)
      .where(eq(users.email, 'ny-klubbadmin@example.se'));
    expect(row).toEqual({ role: 'club_admin', clubSlug: 'vetlanda' });
    await expect(
      createUserCommand({ email: 'utan@example.se', password: PASSWORD, role: 'club_admin' }, t.db),
    ).rejects.toThrow('a club_admin needs --club SLUG');
  });

  it("keeps the club's ads when the club_admin's account is deleted", async () => {
    const token = await account(t, 'slutar@example.se', 'club_admin', 'indianerna');
    const ad = await createAd(t, token);
    const gone = await as(token)('DELETE', '/api/account', { password: PASSWORD });
    expect(gone.statusCode, gone.body).toBe(200);
    const kept = await as(superAdmin)('GET', `/api/ads/${ad.id}`);
    expect(kept.statusCode).toBe(200);
    expect(kept.json()).toMatchObject({ title: ad.title, club_slug: 'indianerna' });
    expect((await as(clubAdmin)('GET', `/api/ads/${ad.id}`)).statusCode).toBe(200);
  });
});
