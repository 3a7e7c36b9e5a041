import { DEFAULT_NOTIFICATION_SETTINGS, type NotificationSettings } from '@speedway/contracts';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importCommand } from '../../cli/import';
import { inbox, matchesAt, waitForInbox } from '../../../test/notification-helpers';
import {
  fixtureSeason,
  importDoc,
  officialIds,
  postImport,
  userWithRole,
} from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';

// Settings (docs/spec/1-app-shell-auth-account.md §3, §5, §9), the match_created digest (who gets
// it, mailed only on opt-in) and the one-click opt-out link in the mail, read from the real SMTP
// sink.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  admin = await userWithRole(t, 'installningar.admin@example.se', 'super_admin');
  await importDoc(t, fixtureSeason());
});

afterAll(async () => {
  await t?.close();
});

/**
 * The one-click link as the List-Unsubscribe header gives it, read from the raw message (the
 * sink's decoded text undoes quoted-printable over the headers too, which can garble a token).
 */
function optOutLink(raw: string): URL {
  const header = /^List-Unsubscribe: <([^>\r\n]+)>\r?$/m.exec(raw)?.[1];
  if (!header) throw new Error('no List-Unsubscribe header');
  return new URL(header);
}

const settingsOf = async (token: string) =>
  (await api(t, token)('GET', '/api/account/notifications')).json() as NotificationSettings;

describe('GET/PUT /api/account/notifications', () => {
  it('starts at the documented defaults (22:00–07:00 UTC, reminder 60 minutes before)', async () => {
    const token = await userWithRole(t, 'standard@example.se', 'user');
    expect(await settingsOf(token)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(DEFAULT_NOTIFICATION_SETTINGS).toEqual({
      email: { match_created: false, protocol_saved: false, conflict_detected: true },
      push: {
        match_reminder: { enabled: true, minutesBefore: 60 },
        result_validation: { enabled: true },
      },
      quietHours: { start: '22:00', end: '07:00' },
    });
  });

  it('takes the whole object or any part of it, and answers the whole settings', async () => {
    const token = await userWithRole(t, 'andrar@example.se', 'user');
    const call = api(t, token);
    const full: NotificationSettings = {
      email: { match_created: true, protocol_saved: true, conflict_detected: false },
      push: {
        match_reminder: { enabled: false, minutesBefore: 30 },
        result_validation: { enabled: false },
      },
      quietHours: { start: '23:15', end: '06:45' },
    };
    const put = await call('PUT', '/api/account/notifications', full);
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json()).toEqual(full);
    const part = await call('PUT', '/api/account/notifications', {
      push: { match_reminder: { minutesBefore: 90 } },
      quietHours: { end: '00:00' },
    });
    expect(part.json()).toEqual({
      ...full,
      push: { ...full.push, match_reminder: { enabled: false, minutesBefore: 90 } },
      quietHours: { start: '23:15', end: '00:00' },
    });
    expect(await settingsOf(token)).toEqual(part.json());
  });

  it('refuses bad values with 400 and a Swedish message naming the field; nothing is stored', async () => {
    const token = await userWithRole(t, 'fel@example.se', 'user');
    const cases: [unknown, string, string][] = [
      [
        { push: { match_reminder: { minutesBefore: 0 } } },
        'body.push.match_reminder.minutesBefore',
        'minst 1',
      ],
      [
        { push: { match_reminder: { minutesBefore: 1.5 } } },
        'body.push.match_reminder.minutesBefore',
        'heltal',
      ],
      [
        { push: { match_reminder: { minutesBefore: '60' } } },
        'body.push.match_reminder.minutesBefore',
        'heltal',
      ],
      [
        { push: { match_reminder: { minutesBefore: 10081 } } },
        'body.push.match_reminder.minutesBefore',
        'högst 10080',
      ],
      [{ quietHours: { start: '22:10' } }, 'body.quietHours.start', 'kvart'],
      [{ quietHours: { end: '24:00' } }, 'body.quietHours.end', 'TT:MM'],
      [{ quietHours: { start: '7:00' } }, 'body.quietHours.start', 'TT:MM'],
      [{ email: { match_created: 'ja' } }, 'body.email.match_created', 'sant eller falskt'],
      [
        { push: { result_validation: { enabled: null } } },
        'body.push.result_validation.enabled',
        'sant eller falskt',
      ],
      [{ sms: true }, 'body', ''],
    ];
    for (const [body, path, words] of cases) {
      const res = await api(t, token)('PUT', '/api/account/notifications', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
      expect(res.json().message, JSON.stringify(body)).toContain(`(${path}`);
      expect(res.json().message).toContain(words);
    }
    expect(await settingsOf(token)).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
  });

  it('needs a session', async () => {
    expect((await t.request({ method: 'GET', url: '/api/account/notifications' })).statusCode).toBe(
      401,
    );
    const put = await t.request({
      method: 'PUT',
      url: '/api/account/notifications',
      payload: { quietHours: { start: '20:00' } },
    });
    expect(put.statusCode).toBe(401);
  });
});

describe('match_created: one digest per import, mailed on opt-in, turned off with one click', () => {
  let fan: string;
  let follower: string;
  let bystander: string;

  beforeAll(async () => {
    fan = await userWithRole(t, 'nya.matcher@example.se', 'user');
    follower = await userWithRole(t, 'foljer.laget@example.se', 'user');
    bystander = await userWithRole(t, 'ointresserad@example.se', 'user');
    await api(t, fan)('PUT', '/api/account/notifications', { email: { match_created: true } });
    const ids = await officialIds(t);
    await api(t, follower)('PUT', `/api/official-matches/${ids['fx-upcoming']}/follow`);
  });

  it('reaches the opted-in user (inbox and mail) and the team’s follower (inbox only)', async () => {
    const res = await postImport(
      t,
      admin,
      JSON.stringify(matchesAt({ 'ny-1': 60 * 24 * 3, 'ny-2': 60 * 24 * 10 })),
    );
    expect(res.statusCode, res.body).toBe(200);
    for (const token of [fan, follower]) {
      const [item] = await waitForInbox(t, token, 1);
      expect(item).toMatchObject({
        kind: 'match_created',
        title: '2 nya matcher publicerade',
        body: expect.stringMatching(
          /^Hemmalaget – Bortalaget \d+ \w+\.? \d\d:\d\d\nHemmalaget – Bortalaget/,
        ),
        data: { deeplink: '/matches', count: 2 },
      });
    }
    expect(await inbox(t, bystander)).toEqual([]);

    const mail = await t.smtp.waitFor('nya.matcher@example.se');
    expect(mail.subject).toBe('2 nya matcher publicerade – Speedway Elitserien');
    expect(mail.text).toContain('Öppna i appen: http://app.test/matches');
    // One line (a folded URL would break in mail programs), the same link as in the text.
    const header = optOutLink(mail.raw).toString();
    expect(header).toMatch(/^http:\/\/app\.test\/api\/notifications\/email-opt-out\?token=/);
    expect(mail.text).toContain(`Stäng av det med ett klick: ${header}`);
    expect(mail.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    // A second import with nothing new tells nobody anything.
    await postImport(t, admin, JSON.stringify(matchesAt({ 'ny-1': 60 * 24 * 3 })));
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(t.smtp.mails.filter((m) => m.to.includes('foljer.laget@example.se'))).toEqual([]);
    // (andrar@ turned that mail on above, and got it too.)
    const digests = t.smtp.mails.filter((m) => m.subject.includes('nya matcher'));
    expect(digests.map((m) => m.to[0]).sort()).toEqual([
      'andrar@example.se',
      'nya.matcher@example.se',
    ]);
    expect(await inbox(t, fan)).toHaveLength(1);
  });

  it('one new match: its own deeplink', async () => {
    await postImport(t, admin, JSON.stringify(matchesAt({ 'ny-3': 60 * 24 * 20 })));
    const ids = await officialIds(t);
    const [item] = await waitForInbox(t, fan, 2);
    expect(item).toMatchObject({
      title: 'Ny match publicerad',
      deeplink: `/matches/official/${ids['ny-3']}`,
    });
    const mail = await t.smtp.waitFor('nya.matcher@example.se', (m) =>
      m.subject.startsWith('Ny match'),
    );
    expect(mail.text).toContain(`http://app.test/matches/official/${ids['ny-3']}`);
  });

  it('the command-line import (npm run import) tells users the same way', async () => {
    const before = (await inbox(t, follower)).length;
    const dir = await mkdtemp(path.join(tmpdir(), 'notiser-'));
    const file = path.join(dir, 'nya.json');
    await writeFile(file, JSON.stringify(matchesAt({ 'cli-1': 60 * 24 * 30 })));
    expect(await importCommand([file], t.db)).toMatch(/^Importen är klar: 1 nya/);
    const [item] = await waitForInbox(t, follower, before + 1);
    expect(item).toMatchObject({ kind: 'match_created', title: 'Ny match publicerad' });
  });

  it('the mail’s one-click link turns that mail off without a session (page for a browser)', async () => {
    const mail = await t.smtp.waitFor('nya.matcher@example.se');
    const link = optOutLink(mail.raw);
    const page = await t.request({
      method: 'GET',
      url: `${link.pathname}${link.search}`,
      headers: { accept: 'text/html,application/xhtml+xml' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Klart! Du får inte längre e-post om nya matcher.');
    expect((await settingsOf(fan)).email).toEqual({
      ...DEFAULT_NOTIFICATION_SETTINGS.email,
      match_created: false,
    });

    // A mail program's one-click POST (RFC 8058) does the same and answers JSON.
    await api(t, fan)('PUT', '/api/account/notifications', { email: { match_created: true } });
    const post = await t.request({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(post.statusCode, post.body).toBe(200);
    expect(post.json()).toMatchObject({ kind: 'match_created' });
    expect((await settingsOf(fan)).email.match_created).toBe(false);
  });

  it('a token that was not made by the server is refused (400, page or JSON)', async () => {
    const mail = await t.smtp.waitFor('nya.matcher@example.se');
    const token = optOutLink(mail.raw).searchParams.get('token')!;
    const forged = `${token.slice(0, -4)}AAAA`;
    const page = await t.request({
      method: 'GET',
      url: `/api/notifications/email-opt-out?token=${encodeURIComponent(forged)}`,
      headers: { accept: 'text/html' },
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Länken är ogiltig.');
    const json = await t.request({
      method: 'POST',
      url: '/api/notifications/email-opt-out?token=abc',
    });
    expect(json.statusCode).toBe(400);
    expectErrorShape(json.json(), 400, 'INVALID_TOKEN');
    const missing = await t.request({ method: 'GET', url: '/api/notifications/email-opt-out' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('Länken saknar token.');
  });
});
