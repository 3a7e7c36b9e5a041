import type { Announcement } from '@speedway/contracts';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { account } from '../../../test/ads';
import { api } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';

// The global announcement (docs/spec/2-matches-protocols-admin.md §4, §5, §7): read by anyone
// signed in, saved (publishing it when active) and closed by a super_admin; every save raises the
// version; expired is never active.

let t: TestApp;
let user: string;
let clubAdmin: string;
let superAdmin: string;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '0' });
  user = await account(t, 'lasare@example.se', 'user');
  clubAdmin = await account(t, 'klubb@example.se', 'club_admin', 'indianerna');
  superAdmin = await account(t, 'chef@example.se', 'super_admin');
});
afterAll(() => t.close());

const read = async (token = user, app = t) => {
  const res = await api(app, token)('GET', '/api/system/announcement');
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Announcement;
};
const save = (body: unknown, token = superAdmin, app = t) =>
  api(app, token)('PUT', '/api/system/announcement', body);
const close = (token = superAdmin) => api(t, token)('DELETE', '/api/system/announcement');

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString();

describe('the announcement lifecycle', () => {
  it('starts empty and inactive at version 0, the same for every reader', async () => {
    const first = await read();
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      version: 0,
      message: '',
      level: 'info',
      active: false,
      dismissible: true,
      expiresAt: null,
      updatedAt: expect.any(String),
    });
    expect(await read(clubAdmin)).toEqual(first);
  });

  it('is published by a save with active on, and every save raises the version', async () => {
    const before = await read();
    const res = await save({ message: '  Premiär på lördag!  ', level: 'success', active: true });
    expect(res.statusCode, res.body).toBe(200);
    const published = res.json() as Announcement;
    expect(published).toMatchObject({
      id: before.id,
      version: before.version + 1,
      message: 'Premiär på lördag!',
      level: 'success',
      active: true,
      dismissible: true,
      expiresAt: null,
    });
    expect(await read()).toEqual(published);

    const again = (
      await save({ message: 'Premiär på lördag!', level: 'success', active: true })
    ).json() as Announcement;
    expect(again.version).toBe(published.version + 1);
    expect(again.id).toBe(before.id);
  });

  it("is closed by DELETE ('Stäng meddelande'): inactive, a new version, the text kept", async () => {
    await save({ message: 'Stängs snart', level: 'warning', active: true, dismissible: false });
    const open = await read();
    const res = await close();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      ...open,
      active: false,
      version: open.version + 1,
      updatedAt: expect.any(String),
    });
    expect((await read()).active).toBe(false);
  });

  it('keeps expiry as an ISO timestamp; empty means none', async () => {
    const expiresAt = inHours(2);
    const res = await save({ message: 'Med slut', active: true, expiresAt });
    expect(res.json()).toMatchObject({ active: true, expiresAt });
    const none = await save({ message: 'Utan slut', active: true, expiresAt: '' });
    expect(none.json()).toMatchObject({ active: true, expiresAt: null });
  });

  it('is never answered as active once it has expired', async () => {
    await save({ message: 'Kort', level: 'error', active: true, expiresAt: inHours(1) });
    expect((await read()).active).toBe(true);
    // An hour and a bit later (moved in the database, as the clock would).
    await t.db.execute(sql`UPDATE announcements SET expires_at = now() - interval '1 second'`);
    const expired = await read();
    expect(expired).toMatchObject({ active: false, message: 'Kort', level: 'error' });
    expect((await read(superAdmin)).active).toBe(false);
  });

  it('refuses to publish with an expiry that has already passed', async () => {
    const res = await save({ message: 'Sent', active: true, expiresAt: inHours(-1) });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
    expect(res.json().message).toBe('Utgångsdatumet har redan passerat. Välj en senare tidpunkt.');
    // Saved inactive (a draft), a past expiry is kept as it is.
    expect(
      (await save({ message: 'Utkast', active: false, expiresAt: inHours(-1) })).statusCode,
    ).toBe(200);
  });
});

describe('validation (§5)', () => {
  it("needs a message to activate: 'Meddelandet måste fyllas i för att kunna aktiveras.'", async () => {
    const res = await save({ message: '   ', level: 'info', active: true });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { path: 'body.message', message: 'Meddelandet måste fyllas i för att kunna aktiveras.' },
    ]);
    expect((await save({ message: '', active: false })).statusCode).toBe(200);
  });

  it("refuses an expiry that is not a date: 'Ogiltigt utgångsdatum.'", async () => {
    for (const expiresAt of ['i morgon', '2026-13-01T00:00:00Z', 12, true]) {
      const res = await save({ message: 'Hej', active: true, expiresAt });
      expect(res.statusCode, String(expiresAt)).toBe(400);
      expect(res.json().details).toEqual([
        { path: 'body.expiresAt', message: 'Ogiltigt utgångsdatum.' },
      ]);
    }
  });

  it('refuses an unknown level and unknown fields', async () => {
    const level = await save({ message: 'Hej', active: true, level: 'kritisk' });
    expect(level.json().message).toBe(
      'Ogiltig indata (body.level): Nivån ska vara info, success, warning eller error.',
    );
    expect((await save({ message: 'Hej', active: true, version: 99 })).statusCode).toBe(400);
    expect((await save({ message: 'x'.repeat(501), active: false })).statusCode).toBe(400);
  });
});

describe('roles', () => {
  it('lets anyone signed in read, and only a super_admin save or close', async () => {
    expect((await api(t, undefined)('GET', '/api/system/announcement')).statusCode).toBe(401);
    for (const token of [user, clubAdmin]) {
      const put = await save({ message: 'Nej', active: true }, token);
      expect(put.statusCode).toBe(403);
      expectErrorShape(put.json(), 403, 'FORBIDDEN');
      expect((await close(token)).statusCode).toBe(403);
    }
    const anonymous = api(t, undefined);
    const body = { message: 'Nej', active: true };
    expect((await anonymous('PUT', '/api/system/announcement', body)).statusCode).toBe(401);
    expect((await anonymous('DELETE', '/api/system/announcement')).statusCode).toBe(401);
  });
});

describe('two instances', () => {
  it('see the same announcement: a save on one is read on the other at once', async () => {
    const b = await startSecondInstance(t, { API_RATE_LIMIT: '0' });
    try {
      const saved = (
        await save({ message: 'Från A', active: true }, superAdmin, t)
      ).json() as Announcement;
      expect(await read(user, b)).toEqual(saved);
      const fromB = (
        await save({ message: 'Från B', active: true }, superAdmin, b)
      ).json() as Announcement;
      expect(fromB.version).toBe(saved.version + 1);
      expect(await read(user, t)).toEqual(fromB);
    } finally {
      await b.close();
    }
  });

  it('create the one row once when both read it first at the same time', async () => {
    const fresh = await createTestApp();
    const other = await startSecondInstance(fresh);
    try {
      const token = await account(fresh, 'forst@example.se', 'user');
      const reads = await Promise.all(
        Array.from({ length: 10 }, (_, i) => read(token, i % 2 ? fresh : other)),
      );
      expect(new Set(reads.map((r) => r.id)).size).toBe(1);
      const count = await fresh.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM announcements`,
      );
      expect(count.rows[0]!.n).toBe(1);
    } finally {
      await other.close();
      await fresh.close();
    }
  });
});
