import type { NotificationItem } from '@speedway/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inbox, matchesAt, waitForInbox } from '../../../test/notification-helpers';
import { importDoc, officialIds, userWithRole } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';

// The inbox (docs/spec/1-app-shell-auth-account.md §7): items made by a real producer (match
// reminders of followed matches that start within the hour, fired by the job queue), read,
// read-all, delete and ownership.

let t: TestApp;
let owner: string;
let other: string;
let items: NotificationItem[];

beforeAll(async () => {
  t = await createTestApp();
  owner = await userWithRole(t, 'inkorg.agare@example.se', 'user');
  other = await userWithRole(t, 'inkorg.annan@example.se', 'user');
  await importDoc(t, matchesAt({ 'soon-1': 20, 'soon-2': 30, 'soon-3': 40 }));
  const ids = await officialIds(t);
  for (const key of ['soon-1', 'soon-2', 'soon-3']) {
    const res = await api(t, owner)('PUT', `/api/official-matches/${ids[key]}/follow`);
    expect(res.statusCode, res.body).toBe(200);
  }
  items = await waitForInbox(t, owner, 3);
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/notifications/inbox', () => {
  it('lists the caller’s items newest first with the spec’s fields', async () => {
    expect(items).toHaveLength(3);
    for (const item of items) {
      expect(item).toMatchObject({
        id: expect.any(String),
        kind: 'match_reminder',
        title: 'Matchen börjar snart',
        body: expect.stringMatching(/^Hemmalaget – Bortalaget börjar kl\. \d\d:\d\d/),
        status: 'unread',
        readAt: null,
        data: { deeplink: expect.stringMatching(/^\/matches\/official\/[0-9a-f-]{36}$/) },
      });
      expect(item.deeplink).toBe(item.data.deeplink);
      expect(new Date(item.createdAt).toISOString()).toBe(item.createdAt);
    }
    const created = items.map((i) => i.createdAt);
    expect([...created].sort().reverse()).toEqual(created);
  });

  it('takes limit (default 20, 1–100) and refuses anything else in Swedish', async () => {
    expect(await inbox(t, owner, '?limit=2')).toHaveLength(2);
    expect(await inbox(t, owner)).toHaveLength(3);
    for (const bad of ['0', '101', 'abc', '1.5']) {
      const res = await api(t, owner)('GET', `/api/notifications/inbox?limit=${bad}`);
      expect(res.statusCode).toBe(400);
      expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
      expect(res.json().message).toContain('limit ska vara ett heltal mellan 1 och 100.');
    }
  });

  it('is each user’s own: another user sees none, a visitor gets 401', async () => {
    expect(await inbox(t, other)).toEqual([]);
    const res = await t.request({ method: 'GET', url: '/api/notifications/inbox' });
    expect(res.statusCode).toBe(401);
  });
});

describe('reading and deleting', () => {
  it('PUT /{id}/read marks one read (readAt set once); another user’s id is 404', async () => {
    const [first] = items;
    const foreign = await api(t, other)('PUT', `/api/notifications/${first!.id}/read`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('Notisen finns inte.');

    const res = await api(t, owner)('PUT', `/api/notifications/${first!.id}/read`);
    expect(res.statusCode, res.body).toBe(200);
    const read = res.json() as NotificationItem;
    expect(read).toMatchObject({ id: first!.id, status: 'read', readAt: expect.any(String) });
    const again = (await api(t, owner)('PUT', `/api/notifications/${first!.id}/read`)).json();
    expect(again.readAt).toBe(read.readAt);
  });

  it('PUT /read-all marks the rest read at one moment, then finds nothing to do', async () => {
    const foreign = await api(t, other)('PUT', '/api/notifications/read-all');
    expect(foreign.json()).toMatchObject({ updated: 0 });

    const res = await api(t, owner)('PUT', '/api/notifications/read-all');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ updated: 2, readAt: expect.any(String) });
    const now = await inbox(t, owner);
    expect(now.every((i) => i.status === 'read' && i.readAt)).toBe(true);
    expect((await api(t, owner)('PUT', '/api/notifications/read-all')).json().updated).toBe(0);
  });

  it('DELETE /{id} removes the caller’s item; unknown, foreign or malformed ids are refused', async () => {
    const [, second] = items;
    expect((await api(t, other)('DELETE', `/api/notifications/${second!.id}`)).statusCode).toBe(
      404,
    );
    const res = await api(t, owner)('DELETE', `/api/notifications/${second!.id}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ message: 'Notisen togs bort.' });
    expect((await inbox(t, owner)).map((i) => i.id)).not.toContain(second!.id);
    expect((await api(t, owner)('DELETE', `/api/notifications/${second!.id}`)).statusCode).toBe(
      404,
    );
    const unknown = await api(t, owner)('PUT', `/api/notifications/${crypto.randomUUID()}/read`);
    expect(unknown.statusCode).toBe(404);
    const malformed = await api(t, owner)('PUT', '/api/notifications/inte-ett-id/read');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('Ogiltigt id.');
  });
});
