import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, jobsOf, matchesAt } from '../../../test/notification-helpers';
import { fixtureSeason, importDoc, postImport, userWithRole } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';

// An SMTP outage: the notification mail is retried by its job, and survives the instance that
// could not send it (a restart), to be sent by the next one once the mail server is back.

/** A mail server that is down: it greets every connection with 421 and hangs up. */
async function downSmtp() {
  const server = net.createServer((socket) => socket.end('421 4.3.2 Tjänsten är nere\r\n'));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let t: TestApp;
let down: Awaited<ReturnType<typeof downSmtp>>;
let after: TestApp | undefined;

beforeAll(async () => {
  down = await downSmtp();
  t = await createTestApp({ SMTP_URL: down.url });
  await importDoc(t, fixtureSeason());
});

afterAll(async () => {
  await after?.close();
  await t?.close();
  await down?.close();
});

describe('notification mail during an SMTP outage', () => {
  it('is retried with backoff, survives a restart and is sent when the server is back', async () => {
    const admin = await userWithRole(t, 'smtp.admin@example.se', 'super_admin');
    const reader = await userWithRole(t, 'smtp.lasare@example.se', 'user');
    await api(t, reader)('PUT', '/api/account/notifications', { email: { match_created: true } });
    const res = await postImport(t, admin, JSON.stringify(matchesAt({ 'avbrott-1': 60 * 24 * 5 })));
    expect(res.statusCode, res.body).toBe(200);

    const failed = await eventually(async () => {
      const [job] = await jobsOf(t, 'notification-email');
      return job?.state === 'retry' ? job : undefined;
    }, 'the mail job to fail and wait for its retry');
    expect(failed.start_after.getTime()).toBeGreaterThan(Date.now());

    // The instance goes away (its jobs stay in PostgreSQL); the next one has a mail server.
    await t.app.close();
    after = await startSecondInstance(t, { SMTP_URL: t.smtp.url });
    await t.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${failed.id}`);
    const mail = await t.smtp.waitFor('smtp.lasare@example.se');
    expect(mail.subject).toBe('Ny match publicerad – Speedway Elitserien');
    const [done] = await jobsOf(t, 'notification-email');
    expect(done).toMatchObject({ id: failed.id });
    await eventually(
      async () => (await jobsOf(t, 'notification-email'))[0]?.state === 'completed',
      'the mail job to complete',
    );
    expect(t.smtp.mails.filter((m) => m.to.includes('smtp.lasare@example.se'))).toHaveLength(1);
  }, 30_000);
});
