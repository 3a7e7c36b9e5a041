import { and, eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchReminders } from '../../db/schema/index';
import { startJobs } from '../../jobs/jobs';
import {
  eventually,
  inbox,
  jobsOf,
  matchesAt,
  waitForInbox,
} from '../../../test/notification-helpers';
import { importDoc, officialIds, postImport, userWithRole } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { startPushService, type PushService } from '../../../test/push-service';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { clock } from './clock';
import { sweepReminders } from './reminders';

// Match reminders and quiet hours on a simulated timeline: the feature's clock is set to a moment
// in the real future (22:30 UTC, inside the default quiet hours 22:00–07:00), so every job
// scheduled from it waits in pg-boss until advance() lets simulated time pass. Two app instances
// share the database and both run the workers.

const HOUR = 3_600_000;
const MIN = 60_000;
const env = () => ({ PUSH_ALLOWED_HOSTS: new URL(push.origin).host, PUSH_TIMEOUT_MS: '2000' });

/** The next 22:30 UTC at least an hour away. */
function nextEvening(): Date {
  const now = new Date();
  const at = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 22, 30));
  return at.getTime() < Date.now() + HOUR ? new Date(at.getTime() + 24 * HOUR) : at;
}

const F = nextEvening();
let t: TestApp;
let second: TestApp;
let push: PushService;
let admin: string;
let ids: Record<string, string>;

/** Simulated time reaches `to`: jobs due by then become due now. */
async function advance(to: Date) {
  clock.now = () => to;
  await t.db.execute(sql`UPDATE pgboss.job SET start_after = now()
    WHERE state IN ('created', 'retry') AND start_after <= ${to.toISOString()}::timestamptz`);
}

async function userWithDevice(email: string, settings?: object) {
  const token = await userWithRole(t, email, 'user');
  const device = push.device();
  const res = await api(t, token)('POST', '/api/account/push/subscribe', device.subscription);
  expect(res.statusCode, res.body).toBe(200);
  if (settings) {
    const put = await api(t, token)('PUT', '/api/account/notifications', settings);
    expect(put.statusCode, put.body).toBe(200);
  }
  return { token, device, email };
}

const follow = (token: string, key: string) =>
  api(t, token)('PUT', `/api/official-matches/${ids[key]}/follow`);

async function reminderOf(token: string, key: string) {
  const me = await api(t, token)('GET', '/api/account/me');
  const [row] = await t.db
    .select()
    .from(matchReminders)
    .where(
      and(
        eq(matchReminders.userId, (me.json() as { id: string }).id),
        eq(matchReminders.officialMatchId, ids[key]!),
      ),
    );
  return row;
}

const jobState = async (id: string | null | undefined) =>
  (await jobsOf(t, 'match-reminder')).find((j) => j.id === id)?.state;

const QUIET_OFF = { quietHours: { start: '00:00', end: '00:00' } };

beforeAll(async () => {
  clock.now = () => F;
  push = await startPushService();
  t = await createTestApp(env());
  second = await startSecondInstance(t, env());
  admin = await userWithRole(t, 'paminnelser.admin@example.se', 'super_admin');
  await importDoc(t, matchesAt({ morgon: 600, flytt: 300, sen: 30, avbokad: 180 }, F.getTime()));
  ids = await officialIds(t);
}, 60_000);

afterAll(async () => {
  await second?.close();
  await t?.close();
  await push?.close();
});

describe('match reminders', () => {
  it('following schedules the reminder minutesBefore the start; it fires once, with two instances running', async () => {
    const users = [];
    for (let i = 0; i < 6; i++) {
      const user = await userWithDevice(`paminn.${i}@example.se`, QUIET_OFF);
      expect((await follow(user.token, 'morgon')).statusCode).toBe(200);
      users.push(user);
    }
    const first = await reminderOf(users[0]!.token, 'morgon');
    expect(first?.fireAt.toISOString()).toBe(new Date(F.getTime() + 9 * HOUR).toISOString());
    expect(await jobState(first?.jobId)).toBe('created');
    // Following again changes nothing.
    await follow(users[0]!.token, 'morgon');
    expect((await reminderOf(users[0]!.token, 'morgon'))?.jobId).toBe(first?.jobId);

    await advance(new Date(F.getTime() + 9 * HOUR));
    for (const user of users) {
      const [delivery] = await push.waitFor(user.device.id);
      expect(delivery!.message).toMatchObject({
        title: 'Matchen börjar snart',
        body: expect.stringMatching(
          /^Hemmalaget – Bortalaget börjar kl\. \d\d:\d\d \(om 60 minuter\) på Hemmabanan\.$/,
        ),
        data: { kind: 'match_reminder', deeplink: `/matches/official/${ids['morgon']}` },
      });
      expect(delivery!.urgency).toBe('high');
      // The push service may keep it until the match starts, not longer.
      expect(delivery!.ttl).toBe(3600);
    }
    // Time for a duplicate to show up, if either instance were to send one.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    for (const user of users) {
      expect(push.deliveries.filter((d) => d.device === user.device.id)).toHaveLength(1);
      const items = await inbox(t, user.token);
      expect(items.filter((i) => i.kind === 'match_reminder')).toHaveLength(1);
      expect((await reminderOf(user.token, 'morgon'))?.sentAt).toBeInstanceOf(Date);
    }
    // Every reminder job completed (a duplicate would have shown above as a second push or item).
    const reminderJobs = (await jobsOf(t, 'match-reminder')).filter((j) => j.state === 'completed');
    expect(reminderJobs.length).toBeGreaterThanOrEqual(users.length);
  }, 30_000);

  it('moves with the start time, with the user’s minutes, and goes when unfollowed or turned off', async () => {
    clock.now = () => F;
    const mover = await userWithDevice('flyttas@example.se', QUIET_OFF);
    await follow(mover.token, 'flytt');
    const before = await reminderOf(mover.token, 'flytt');
    expect(before?.fireAt.getTime()).toBe(F.getTime() + 4 * HOUR);

    // The import moves the match an hour later: once its import-notifications job has run, a new
    // job at the new time, the old one cancelled.
    const res = await postImport(t, admin, JSON.stringify(matchesAt({ flytt: 360 }, F.getTime())));
    expect(res.statusCode, res.body).toBe(200);
    const moved = await eventually(async () => {
      const row = await reminderOf(mover.token, 'flytt');
      return row?.fireAt.getTime() === F.getTime() + 5 * HOUR && row;
    }, 'the reminder moved by the import');
    expect(moved?.jobId).not.toBe(before?.jobId);
    expect(await jobState(before?.jobId)).toBe('cancelled');
    expect(await jobState(moved?.jobId)).toBe('created');

    // Other minutes: moved again.
    await api(t, mover.token)('PUT', '/api/account/notifications', {
      push: { match_reminder: { minutesBefore: 120 } },
    });
    const earlier = await reminderOf(mover.token, 'flytt');
    expect(earlier?.fireAt.getTime()).toBe(F.getTime() + 4 * HOUR);
    expect(await jobState(moved?.jobId)).toBe('cancelled');

    // Unfollowing cancels it.
    await api(t, mover.token)('DELETE', `/api/official-matches/${ids['flytt']}/follow`);
    expect(await reminderOf(mover.token, 'flytt')).toBeUndefined();
    expect(await jobState(earlier?.jobId)).toBe('cancelled');

    // Reminders turned off: following schedules none; on again: it is back.
    await api(t, mover.token)('PUT', '/api/account/notifications', {
      push: { match_reminder: { enabled: false } },
    });
    await follow(mover.token, 'flytt');
    expect(await reminderOf(mover.token, 'flytt')).toBeUndefined();
    await api(t, mover.token)('PUT', '/api/account/notifications', {
      push: { match_reminder: { enabled: true } },
    });
    expect((await reminderOf(mover.token, 'flytt'))?.fireAt.getTime()).toBe(F.getTime() + 4 * HOUR);

    // Nothing fired for any of it.
    await advance(new Date(F.getTime() + 4 * HOUR - MIN));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(push.deliveries.filter((d) => d.device === mover.device.id)).toEqual([]);
  }, 30_000);
});

describe('the sweep', () => {
  it('queues again a reminder whose job failed for good; the user still gets it once', async () => {
    clock.now = () => F;
    const user = await userWithDevice('svept@example.se', QUIET_OFF);
    await follow(user.token, 'avbokad');
    const row = await reminderOf(user.token, 'avbokad');
    // The job gave up (as after its last retry), and time passed its moment.
    await t.db.execute(sql`UPDATE pgboss.job SET state = 'failed' WHERE id = ${row!.jobId}`);
    clock.now = () => new Date(F.getTime() + 2 * HOUR + 3 * MIN);
    const log = pino({ level: 'silent' });
    const jobs = await startJobs(t.db, log, { runWorkers: false });
    try {
      expect(await sweepReminders({ db: t.db, jobs, log })).toBe(1);
      const [delivery] = await push.waitFor(user.device.id);
      expect(delivery!.message).toMatchObject({
        body: expect.stringContaining('(om 57 minuter)'),
      });
      // Its new job did it: nothing more to sweep, nothing sent twice.
      await eventually(async () => (await reminderOf(user.token, 'avbokad'))?.sentAt, 'sent');
      expect(await sweepReminders({ db: t.db, jobs, log })).toBe(0);
      // A month after it was sent, the reminder is forgotten.
      clock.now = () => new Date(F.getTime() + 31 * 24 * HOUR);
      await sweepReminders({ db: t.db, jobs, log });
      expect(await reminderOf(user.token, 'avbokad')).toBeUndefined();
    } finally {
      await jobs.stop();
    }
    expect(push.deliveries.filter((d) => d.device === user.device.id)).toHaveLength(1);
  });
});

describe('quiet hours (22:00–07:00 UTC by default)', () => {
  it('a push inside them waits for their end, then arrives; the request says when', async () => {
    clock.now = () => F;
    const sleeper = await userWithDevice('sover@example.se');
    const res = await api(t, sleeper.token)('POST', '/api/account/push/test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      devices: 1,
      message: 'Tysta timmar pågår: testnotisen skickas till 1 enhet kl. 07:00 (UTC).',
    });
    const [job] = await jobsOf(t, 'notification-push');
    const morning = new Date(F.getTime() + 8.5 * HOUR);
    expect(job!.start_after.toISOString()).toBe(morning.toISOString());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(sleeper.device.attempts()).toBe(0);

    await advance(morning);
    const [delivery] = await push.waitFor(sleeper.device.id);
    expect(delivery!.message).toMatchObject({ title: 'Testnotis' });
  });

  it('a reminder whose push would only go after the match has started is dropped; the inbox still has it', async () => {
    clock.now = () => F;
    const late = await userWithDevice('sen.kvall@example.se');
    const pushesBefore = (await jobsOf(t, 'notification-push')).length;
    await follow(late.token, 'sen');
    const [item] = await waitForInbox(t, late.token, 1);
    expect(item).toMatchObject({
      kind: 'match_reminder',
      body: expect.stringContaining('(om 30 minuter)'),
    });
    expect((await jobsOf(t, 'notification-push')).length).toBe(pushesBefore);
    await advance(new Date(F.getTime() + 8.5 * HOUR));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(late.device.attempts()).toBe(0);
  });

  it('quiet hours wrap midnight in UTC, and e-mail is not held back by them', async () => {
    clock.now = () => new Date(F.getTime() + 2 * HOUR); // 00:30 UTC
    const reader = await userWithDevice('brevlada@example.se', { email: { match_created: true } });
    const res = await api(t, reader.token)('POST', '/api/account/push/test');
    expect(res.json().message).toContain('kl. 07:00 (UTC)');
    await postImport(t, admin, JSON.stringify(matchesAt({ 'ny-i-natt': 40 * 60 }, F.getTime())));
    const mail = await t.smtp.waitFor('brevlada@example.se');
    expect(mail.subject).toBe('Ny match publicerad – Speedway Elitserien');
  });
});

describe('the account', () => {
  it('export holds notifications, settings, devices (no keys) and reminders; deletion cancels the reminder jobs', async () => {
    clock.now = () => F;
    const leaving = await userWithDevice('lamnar@example.se', {
      quietHours: { start: '21:00', end: '06:00' },
    });
    await follow(leaving.token, 'avbokad');
    await follow(leaving.token, 'sen');
    await waitForInbox(t, leaving.token, 1);
    const pending = await reminderOf(leaving.token, 'avbokad');
    expect(await jobState(pending?.jobId)).toBe('created');

    const exported = (await api(t, leaving.token)('GET', '/api/account/export')).json();
    expect(exported.notifications).toEqual([
      expect.objectContaining({ kind: 'match_reminder', title: 'Matchen börjar snart' }),
    ]);
    expect(exported.notification_settings.quietHours).toEqual({ start: '21:00', end: '06:00' });
    expect(exported.push_subscriptions).toEqual([
      expect.objectContaining({ endpoint: leaving.device.subscription.endpoint }),
    ]);
    const text = JSON.stringify(exported);
    expect(text).not.toContain(leaving.device.subscription.keys.p256dh);
    expect(text).not.toContain(leaving.device.subscription.keys.auth);
    expect(exported.match_reminders).toHaveLength(2);

    const res = await api(t, leaving.token)('DELETE', '/api/account', { password: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await jobState(pending?.jobId)).toBe('cancelled');
    const left = await t.db.execute(sql`SELECT
      (SELECT count(*) FROM notifications n JOIN users u ON u.id = n.user_id WHERE u.email = 'lamnar@example.se') AS n,
      (SELECT count(*) FROM push_subscriptions WHERE endpoint = ${leaving.device.subscription.endpoint}) AS p`);
    expect(left.rows[0]).toEqual({ n: '0', p: '0' });
  });
});
