import type { SaveProtocolResponse } from '@speedway/contracts';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchReminders } from '../../db/schema/index';
import { inbox, notificationsSettled, waitForInbox } from '../../../test/notification-helpers';
import {
  fixtureSeason,
  heat15Changed,
  importDoc,
  officialIds,
  resultDoc,
  syntheticKlassisk,
  userWithRole,
} from '../../../test/official-data';
import { api, completeProtocol, startProtocol } from '../../../test/protocol-api';
import { startPushService, type PushService } from '../../../test/push-service';
import { createTestApp, type TestApp } from '../../../test/test-app';

// What saving a protocol and an official result arriving tell the user: inbox items, mail per
// settings (read from the SMTP sink) and pushes (decrypted by the loopback push service).

const official = syntheticKlassisk().matches[0]!.result;
let t: TestApp;
let push: PushService;
let admin: string;
let ids: Record<string, string>;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({ PUSH_ALLOWED_HOSTS: new URL(push.origin).host });
  await importDoc(t, fixtureSeason());
  ids = await officialIds(t);
  admin = await userWithRole(t, 'producent.admin@example.se', 'super_admin');
}, 60_000);

afterAll(async () => {
  await t?.close();
  await push?.close();
});

async function fan(label: string, settings?: object) {
  const email = `${label}@example.se`;
  const token = await userWithRole(t, email, 'user');
  const device = push.device();
  await api(t, token)('POST', '/api/account/push/subscribe', device.subscription);
  // No quiet hours, so that pushes go at once whatever the time of day.
  await api(t, token)('PUT', '/api/account/notifications', {
    quietHours: { start: '00:00', end: '00:00' },
    ...settings,
  });
  return { token, device, email };
}

async function saveOf(token: string, externalId: string, heats = official.heats) {
  const match = await completeProtocol(t, token, ids[externalId]!, heats);
  const res = await api(t, token)('POST', `/api/matches/${match.id}/save`);
  expect(res.statusCode, res.body).toBe(201);
  return { match, saved: res.json() as SaveProtocolResponse };
}

const importResult = async (result: unknown) => {
  const res = await api(t, admin)(
    'POST',
    '/api/official-matches/import',
    resultDoc('fx-upcoming', result as typeof official),
  );
  expect(res.statusCode, res.body).toBe(200);
};

describe('protocol_saved', () => {
  it('the first save of a protocol: one inbox item linking to the saved match; mail on opt-in', async () => {
    const user = await fan('sparar', { email: { protocol_saved: true } });
    const { match, saved } = await saveOf(user.token, 'fx-played');
    const [item] = await waitForInbox(t, user.token, 1);
    expect(item).toMatchObject({
      kind: 'protocol_saved',
      title: 'Protokoll sparat',
      body: 'Hemmalaget – Bortalaget 46–44 är sparat under Mina matcher. Det stämmer med det officiella resultatet.',
      deeplink: `/my-matches/saved/${saved.id}`,
      data: { user_match_id: saved.id, status: 'validated' },
    });
    const mail = await t.smtp.waitFor(user.email);
    expect(mail.subject).toBe('Protokoll sparat – Speedway Elitserien');
    expect(mail.text).toContain(`Öppna i appen: http://app.test/my-matches/saved/${saved.id}`);
    expect(mail.text).toContain('Vill du inte längre få e-post om sparade protokoll?');
    // Saving (or confirming) the saved protocol again tells nothing new; no push for this kind.
    await api(t, user.token)('POST', `/api/matches/${match.id}/save`);
    await api(t, user.token)('PUT', `/api/matches/${match.id}/confirm`);
    // By kind: the fixture import's match_created digest came late on a loaded machine (its job
    // ran after this user's protocol) until the digest went only to who was there when the
    // matches were published. What must not come again is protocol_saved.
    const kinds = (await inbox(t, user.token)).map((notice) => notice.kind);
    expect(
      kinds.filter((kind) => kind === 'protocol_saved'),
      kinds.join(', '),
    ).toHaveLength(1);
    expect(user.device.attempts()).toBe(0);
  });

  it('without the mail setting (the default) only the inbox has it', async () => {
    const user = await fan('sparar.tyst');
    await saveOf(user.token, 'fx-played', heat15Changed(official).heats);
    const [item] = await waitForInbox(t, user.token, 1);
    expect(item!.body).toBe(
      'Hemmalaget – Bortalaget 47–43 är sparat under Mina matcher. Det skiljer sig från det officiella resultatet. ' +
        'Hemmalaget: 47 i ditt protokoll, 46 officiellt. Bortalaget: 43 i ditt protokoll, 44 officiellt. Heat 15 skiljer sig.',
    );
    await notificationsSettled(t);
    expect(t.smtp.mails.filter((m) => m.to.includes(user.email))).toEqual([]);
  });

  it('a protocol of an official match schedules that match’s reminder', async () => {
    const user = await fan('protokoll.paminnelse');
    await startProtocol(t, user.token, ids['fx-upcoming']!);
    const me = (await api(t, user.token)('GET', '/api/account/me')).json() as { id: string };
    const [reminder] = await t.db
      .select()
      .from(matchReminders)
      .where(
        and(
          eq(matchReminders.userId, me.id),
          eq(matchReminders.officialMatchId, ids['fx-upcoming']!),
        ),
      );
    expect(reminder).toBeDefined();
  });
});

describe('an official result arrives or changes after saving', () => {
  it('agreeing: result_validation (inbox and push); differing: conflict_detected (inbox, mail naming the differences, push)', async () => {
    const agree = await fan('lika');
    const differ = await fan('olika');
    const quiet = await fan('utan.push', { push: { result_validation: { enabled: false } } });
    const a = await saveOf(agree.token, 'fx-upcoming');
    const d = await saveOf(differ.token, 'fx-upcoming', heat15Changed(official).heats);
    await saveOf(quiet.token, 'fx-upcoming', heat15Changed(official).heats);
    for (const user of [agree, differ, quiet]) await waitForInbox(t, user.token, 1);

    await importResult(official);
    const [validated] = await waitForInbox(t, agree.token, 2);
    expect(validated).toMatchObject({
      kind: 'result_validation',
      title: 'Protokoll validerat',
      body: 'Hemmalaget – Bortalaget: ditt protokoll stämmer med det officiella resultatet 46–44.',
      deeplink: `/my-matches/saved/${a.saved.id}`,
    });
    const [pushed] = await push.waitFor(agree.device.id);
    expect(pushed!.message).toMatchObject({
      title: 'Protokoll validerat',
      data: { kind: 'result_validation', deeplink: `/my-matches/saved/${a.saved.id}` },
    });
    expect(pushed!.urgency).toBe('normal');

    const [conflict] = await waitForInbox(t, differ.token, 2);
    const differences =
      'Hemmalaget: 47 i ditt protokoll, 46 officiellt. Bortalaget: 43 i ditt protokoll, 44 officiellt. Heat 15 skiljer sig.';
    expect(conflict).toMatchObject({
      kind: 'conflict_detected',
      title: 'Skillnader mot officiella resultat',
      body: `Hemmalaget – Bortalaget: ditt protokoll skiljer sig från det officiella resultatet. ${differences}`,
      deeplink: `/my-matches/saved/${d.saved.id}`,
    });
    const mail = await t.smtp.waitFor(differ.email);
    expect(mail.subject).toBe('Skillnader mot officiella resultat – Speedway Elitserien');
    expect(mail.text).toContain(differences);
    expect(mail.text).toContain(`http://app.test/my-matches/saved/${d.saved.id}`);
    // The job carried the differing heats by number only, not both versions of each heat.
    type Told = { userMatchId: string; after: { status: string; heatDiscrepancies: object[] } };
    const jobs = await t.db.execute<{ data: { recompared: Told[] } }>(
      sql`SELECT data FROM pgboss.job WHERE name = 'import-notifications'`,
    );
    const told = jobs.rows
      .flatMap((row) => row.data.recompared)
      .find((c) => c.userMatchId === d.saved.id);
    expect(told?.after.status).toBe('disputed');
    expect(told?.after.heatDiscrepancies).toEqual([{ heat_number: 15 }]);
    expect((await push.waitFor(differ.device.id))[0]!.message).toMatchObject({
      data: { kind: 'conflict_detected' },
    });

    // Push turned off for results: inbox and mail only.
    await waitForInbox(t, quiet.token, 2);
    await t.smtp.waitFor(quiet.email);
    await notificationsSettled(t);
    expect(quiet.device.attempts()).toBe(0);

    // The same result again: nothing changed, nothing told.
    await importResult(official);
    await notificationsSettled(t);
    expect(await inbox(t, agree.token)).toHaveLength(2);
    expect(await inbox(t, differ.token)).toHaveLength(2);

    // The official result changes to the differing user's: they are validated, the other disputed.
    await importResult(heat15Changed(official));
    expect((await waitForInbox(t, differ.token, 3))[0]).toMatchObject({
      kind: 'result_validation',
    });
    expect((await waitForInbox(t, agree.token, 3))[0]).toMatchObject({
      kind: 'conflict_detected',
      body: expect.stringContaining('Hemmalaget: 46 i ditt protokoll, 47 officiellt.'),
    });

    // Withdrawn: the copies are 'complete' again, which tells nothing.
    await importResult(null);
    await notificationsSettled(t);
    expect(await inbox(t, agree.token)).toHaveLength(3);
  }, 60_000);
});
