import { sql } from 'drizzle-orm';
import pg from 'pg';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import { startJobs, type Jobs } from '../../jobs/jobs';
import {
  eventually,
  inbox,
  jobsOf,
  matchesAt,
  waitForInbox,
} from '../../../test/notification-helpers';
import { importDoc, officialIds, postImport, userWithRole } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { recompareSavedMatches } from '../protocol/index';
import { importOfficialData } from '../official/index';
import { produceImportNotifications } from './import-notifications';
import { notifyImport, type ImportNotificationsJob } from './producers';

// An official import tells its users through ONE job (import-notifications) queued in its
// transaction: the import commits whatever happens to the users meanwhile, the job makes the
// inbox items (and their mail) afterwards, once each, skipping accounts that are gone.

const log = pino({ level: 'silent' });
let t: TestApp;
let second: TestApp;
let admin: string;
let jobs: Jobs;
let round = 0;

beforeAll(async () => {
  t = await createTestApp();
  second = await startSecondInstance(t);
  jobs = await startJobs(t.db, log, { runWorkers: false });
  admin = await userWithRole(t, 'import.notiser.admin@example.se', 'super_admin');
  await importDoc(t, matchesAt({ gammal: 24 * 60 }));
}, 60_000);

afterAll(async () => {
  await jobs?.stop();
  await second?.close();
  await t?.close();
});

/** New official matches (hemma–borta), under external ids not used before. */
function newMatches(count: number) {
  round++;
  const starts = Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`ny-${round}-${i}`, (2 + i) * 24 * 60]),
  );
  return matchesAt(starts);
}

/** A verified user who wants mail about new matches (so is told of every new match). */
async function reader(label: string) {
  const email = `${label}@example.se`;
  const token = await userWithRole(t, email, 'user');
  const put = await api(t, token)('PUT', '/api/account/notifications', {
    email: { match_created: true },
  });
  expect(put.statusCode, put.body).toBe(200);
  const me = (await api(t, token)('GET', '/api/account/me')).json() as { id: string };
  return { token, email, id: me.id };
}

const holdJobs = (db: Executor) =>
  db.execute(sql`UPDATE pgboss.job SET start_after = now() + interval '1 day'
    WHERE name = 'import-notifications' AND state = 'created'`);

const releaseJobs = () =>
  t.db.execute(sql`UPDATE pgboss.job SET start_after = now()
    WHERE name = 'import-notifications' AND state = 'created'`);

/** An import whose notification job waits (until releaseJobs): the moment between the two. */
async function heldImport(doc: unknown) {
  await importOfficialData(t.db, doc, {
    resultsChanged: recompareSavedMatches,
    onImported: async (tx, outcome) => {
      await notifyImport({ jobs, log }, tx, outcome);
      await holdJobs(tx);
    },
  });
  const [job] = await jobsOf(t, 'import-notifications');
  expect(job?.state).toBe('created');
  return job!;
}

const itemsOf = async (userId: string) =>
  Number(
    (
      await t.db.execute<{ n: string }>(
        sql`SELECT count(*) AS n FROM notifications WHERE user_id = ${userId}`,
      )
    ).rows[0]!.n,
  );

const mailsTo = (email: string) => t.smtp.mails.filter((m) => m.to.includes(email));

describe('an import’s notifications come from one job after it committed', () => {
  it('the import commits with no inbox item; the job then makes the digest and its mail', async () => {
    const user = await reader('efter.importen');
    const job = await heldImport(newMatches(2));
    // Committed: the matches are there, the notification is not yet (it is the job's).
    expect(await inbox(t, user.token)).toEqual([]);
    expect(job.data).toMatchObject({ createdMatchIds: expect.any(Array), recompared: [] });
    expect((job.data as ImportNotificationsJob).createdMatchIds).toHaveLength(2);

    await releaseJobs();
    const [item] = await waitForInbox(t, user.token, 1);
    expect(item).toMatchObject({
      kind: 'match_created',
      title: '2 nya matcher publicerade',
      deeplink: '/matches',
    });
    const mail = await t.smtp.waitFor(user.email);
    expect(mail.subject).toBe('2 nya matcher publicerade – Speedway Elitserien');
    await eventually(
      async () =>
        (await jobsOf(t, 'import-notifications')).find((j) => j.id === job.id)?.state ===
        'completed',
      'the job completed',
    );
  });

  it('the import through the API queues exactly one job, and its items appear once it ran', async () => {
    const user = await reader('via.api');
    const before = (await jobsOf(t, 'import-notifications')).length;
    const res = await postImport(t, admin, JSON.stringify(newMatches(1)));
    expect(res.statusCode, res.body).toBe(200);
    expect((await jobsOf(t, 'import-notifications')).length).toBe(before + 1);
    const [item] = await waitForInbox(t, user.token, 1);
    expect(item).toMatchObject({ kind: 'match_created', title: 'Ny match publicerad' });
  });

  it('running the job again makes nothing new: no second item, no second mail', async () => {
    const user = await reader('igen');
    const job = await heldImport(newMatches(1));
    await releaseJobs();
    await waitForInbox(t, user.token, 1);
    await t.smtp.waitFor(user.email);
    const mailJobs = (await jobsOf(t, 'notification-email')).length;

    const data = job.data as ImportNotificationsJob;
    expect(await produceImportNotifications({ db: t.db, jobs, log }, data)).toBe(0);
    expect(await produceImportNotifications({ db: t.db, jobs, log }, data)).toBe(0);
    expect(await inbox(t, user.token)).toHaveLength(1);
    expect((await jobsOf(t, 'notification-email')).length).toBe(mailJobs);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mailsTo(user.email)).toHaveLength(1);
  });
});

describe('the digest goes to who was there when the matches were published', () => {
  it('a user who signs up, or follows a match of the teams, after the import is not told of it', async () => {
    const before = await reader('fore.publiceringen');
    const follower = await userWithRole(t, 'foljer.efter@example.se', 'user');
    const job = await heldImport(newMatches(1));
    // Between the import's commit and its job: a new sign-up who wants every new match, and a
    // follow of another hemma–borta match. Both see the new match already published.
    const after = await reader('efter.publiceringen');
    const ids = await officialIds(t);
    const follow = await api(t, follower)('PUT', `/api/official-matches/${ids.gammal}/follow`);
    expect(follow.statusCode, follow.body).toBeLessThan(300);

    await releaseJobs();
    await waitForInbox(t, before.token, 1);
    await eventually(
      async () =>
        (await jobsOf(t, 'import-notifications')).find((j) => j.id === job.id)?.state ===
        'completed',
      'the job completed',
    );
    expect(await inbox(t, after.token)).toEqual([]);
    expect(await inbox(t, follower)).toEqual([]);
  });
});

describe('an account deleted around an import', () => {
  it('deleted between the import and its job: the job skips it and completes; the others are told', async () => {
    const staying = await reader('stannar');
    const leaving = await reader('gar');
    const job = await heldImport(newMatches(1));
    const del = await api(t, leaving.token)('DELETE', '/api/account', { password: '' });
    expect(del.statusCode, del.body).toBe(200);

    await releaseJobs();
    await waitForInbox(t, staying.token, 1);
    const done = await eventually(async () => {
      const found = (await jobsOf(t, 'import-notifications')).find((j) => j.id === job.id);
      return found?.state === 'completed' && found;
    }, 'the job completed');
    expect(done.retry_count).toBe(0);
    expect(await itemsOf(leaving.id)).toBe(0);
    expect(mailsTo(leaving.email).filter((m) => m.subject.includes('publicerad'))).toEqual([]);
  });

  it('deleted while the import runs: the import still commits (nothing of the user’s is in its transaction)', async () => {
    const staying = await reader('stannar.kvar');
    const leaving = await reader('gar.samtidigt');
    // The deletion has begun (the row is locked) and commits only after the import has started.
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM users WHERE id = $1', [leaving.id]);
      const importing = postImport(t, admin, JSON.stringify(newMatches(1)));
      await new Promise((resolve) => setTimeout(resolve, 700));
      await client.query('COMMIT');
      const res = await importing;
      expect(res.statusCode, res.body).toBe(200);
    } finally {
      await client.end();
    }
    await waitForInbox(t, staying.token, 1);
    expect(await itemsOf(leaving.id)).toBe(0);
  });

  it('deleted while the job runs: the job waits for the deletion, skips the user and finishes', async () => {
    const staying = await reader('stannar.jobb');
    const leaving = await reader('gar.under.jobbet');
    const job = await heldImport(newMatches(1));
    const client = new pg.Client({ connectionString: t.databaseUrl });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('DELETE FROM users WHERE id = $1', [leaving.id]);
      const producing = produceImportNotifications(
        { db: t.db, jobs, log },
        job.data as ImportNotificationsJob,
      );
      await new Promise((resolve) => setTimeout(resolve, 700));
      await client.query('COMMIT');
      expect(await producing).toBeGreaterThanOrEqual(1);
    } finally {
      await client.end();
    }
    expect(await itemsOf(leaving.id)).toBe(0);
    expect(await inbox(t, staying.token)).toHaveLength(1);
    // The queued job, run later, finds everything told already.
    await releaseJobs();
    await eventually(
      async () =>
        (await jobsOf(t, 'import-notifications')).find((j) => j.id === job.id)?.state ===
        'completed',
      'the job completed',
    );
    expect(await inbox(t, staying.token)).toHaveLength(1);
  });
});

describe('two instances', () => {
  it('the job and both instances producing the same import at once: each item and mail once', async () => {
    const users = [];
    for (let i = 0; i < 8; i++) users.push(await reader(`tva.instanser.${i}`));
    const job = await heldImport(newMatches(3));
    const data = job.data as ImportNotificationsJob;
    const ids = new Set(users.map((u) => u.id));
    const mailJobsOf = async () =>
      (await jobsOf(t, 'notification-email')).filter((j) => ids.has(j.data.userId as string));
    expect(await mailJobsOf()).toEqual([]);
    // Both instances' workers race for the queued job while each instance also runs it directly.
    const made = await Promise.all([
      releaseJobs().then(() => 0),
      produceImportNotifications({ db: t.db, jobs, log }, data),
      produceImportNotifications({ db: second.db, jobs, log }, data),
    ]);
    await eventually(
      async () =>
        (await jobsOf(t, 'import-notifications')).find((j) => j.id === job.id)?.state ===
        'completed',
      'the job completed',
    );
    // Between them the two direct runs made at most one item per recipient; the job the rest.
    const recipients = await t.db.execute<{ n: string }>(sql`SELECT count(*) AS n
      FROM notifications WHERE event_key = ${`match_created:${data.importId}`}`);
    expect(made[1]! + made[2]!).toBeLessThanOrEqual(Number(recipients.rows[0]!.n));
    for (const user of users) {
      const items = await inbox(t, user.token);
      expect(items.map((i) => i.title)).toEqual(['3 nya matcher publicerade']);
    }
    expect(await mailJobsOf()).toHaveLength(users.length);
    for (const user of users) await t.smtp.waitFor(user.email);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    for (const user of users) expect(mailsTo(user.email)).toHaveLength(1);
  }, 30_000);
});
