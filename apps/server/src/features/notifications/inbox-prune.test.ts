import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userWithRole } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import {
  INBOX_KEPT_PER_USER,
  INBOX_PRUNE_BATCH,
  INBOX_READ_KEPT_DAYS,
  pruneInbox,
} from './inbox-prune';

// The inbox pruning on a real database, at a given "now": read items older than 90 days go, and
// anything beyond a user's newest 200, in batches, also with two instances pruning at once.

const log = pino({ level: 'silent' });
const NOW = new Date();
const MIN = 60_000;
const DAY = 24 * 60 * MIN;
let t: TestApp;
let second: TestApp;

beforeAll(async () => {
  t = await createTestApp();
  second = await startSecondInstance(t);
}, 60_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
});

async function user(label: string): Promise<{ id: string; token: string }> {
  const token = await userWithRole(t, `${label}@example.se`, 'user');
  const me = (await api(t, token)('GET', '/api/account/me')).json() as { id: string };
  return { id: me.id, token };
}

/** `count` items of the user, the g-th (0-based) made `ageMs + g * stepMs` before NOW. */
async function seed(
  userId: string,
  label: string,
  {
    count,
    ageMs = 0,
    stepMs = MIN,
    read,
  }: { count: number; ageMs?: number; stepMs?: number; read: boolean },
) {
  await t.db.execute(sql`
    INSERT INTO notifications (user_id, kind, title, body, data, event_key, read_at, created_at)
    SELECT ${userId}, 'protocol_saved', ${label} || ' ' || g, 'Text', '{}'::jsonb,
      ${label} || ':' || g,
      CASE WHEN ${read} THEN ${NOW.toISOString()}::timestamptz END,
      ${NOW.toISOString()}::timestamptz - (${ageMs}::bigint + g * ${stepMs}::bigint) * interval '1 millisecond'
    FROM generate_series(0, ${count - 1}) g`);
}

async function titlesOf(userId: string): Promise<string[]> {
  const rows = await t.db.execute<{ title: string }>(sql`SELECT title FROM notifications
    WHERE user_id = ${userId} ORDER BY created_at DESC, id DESC`);
  return rows.rows.map((r) => r.title);
}

describe('pruneInbox', () => {
  it('removes read items older than 90 days and everything beyond the newest 200 per user', async () => {
    expect([INBOX_READ_KEPT_DAYS, INBOX_KEPT_PER_USER]).toEqual([90, 200]);
    const reader = await user('laser.gammalt');
    await seed(reader.id, 'gammal-last', { count: 5, ageMs: 100 * DAY, read: true });
    await seed(reader.id, 'gammal-olast', { count: 2, ageMs: 100 * DAY, read: false });
    await seed(reader.id, 'ny-last', { count: 3, ageMs: 10 * DAY, read: true });
    // Just inside the 90 days: kept.
    await seed(reader.id, 'nastan', { count: 1, ageMs: 90 * DAY - MIN, read: true });
    const hoarder = await user('samlar');
    await seed(hoarder.id, 'm', { count: 250, read: false });

    expect(await pruneInbox({ db: t.db, log }, NOW)).toEqual({ read: 5, overflow: 50 });
    expect(await titlesOf(reader.id)).toEqual([
      'ny-last 0',
      'ny-last 1',
      'ny-last 2',
      'nastan 0',
      'gammal-olast 0',
      'gammal-olast 1',
    ]);
    expect(await titlesOf(hoarder.id)).toEqual(Array.from({ length: 200 }, (_, g) => `m ${g}`));
    // The API still shows the newest first, and nothing is left to prune.
    const inbox = await api(t, hoarder.token)('GET', '/api/notifications/inbox?limit=1');
    expect(inbox.json()[0].title).toBe('m 0');
    expect(await pruneInbox({ db: t.db, log }, NOW)).toEqual({ read: 0, overflow: 0 });
    // Ninety days on, the read ones made ten days ago go too; unread ones stay.
    expect(await pruneInbox({ db: t.db, log }, new Date(NOW.getTime() + 81 * DAY))).toEqual({
      read: 4,
      overflow: 0,
    });
    expect(await titlesOf(reader.id)).toEqual(['gammal-olast 0', 'gammal-olast 1']);
  });

  it('works in batches of at most 1000 rows; two instances pruning at once remove each row once', async () => {
    expect(INBOX_PRUNE_BATCH).toBe(1000);
    const many = await user('manga');
    await seed(many.id, 'x', { count: 2600, read: false });
    const old = await user('gamla.lasta');
    await seed(old.id, 'y', { count: 1500, ageMs: 120 * DAY, read: true });

    const [a, b] = await Promise.all([
      pruneInbox({ db: t.db, log }, NOW),
      pruneInbox({ db: second.db, log }, NOW),
    ]);
    expect(a.read + b.read).toBe(1500);
    expect(a.overflow + b.overflow).toBe(2400);
    expect(await titlesOf(many.id)).toEqual(Array.from({ length: 200 }, (_, g) => `x ${g}`));
    expect(await titlesOf(old.id)).toEqual([]);
  }, 30_000);
});
