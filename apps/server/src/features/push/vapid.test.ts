import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createDatabase } from '../../db/client';
import { systemSettings } from '../../db/schema/index';
import { createSecretBox } from '../../lib/crypto';
import { userWithRole } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { loadVapidKeys, vapidSubject } from './vapid';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const SECRET = 'test-secret-'.padEnd(40, 'x');

describe('VAPID keys', () => {
  it('generated once: instances starting together on a fresh database end with one pair', async () => {
    await t.db.delete(systemSettings).where(eq(systemSettings.key, 'vapid'));
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.databaseUrl });
    const handles = Array.from({ length: 4 }, () => createDatabase(t.databaseUrl, { max: 2 }));
    try {
      const keys = await Promise.all(
        handles.map((h) => loadVapidKeys({ db: h.db, config, secretBox: createSecretBox(SECRET) })),
      );
      expect(new Set(keys.map((k) => k.publicKey)).size).toBe(1);
      expect(new Set(keys.map((k) => k.privateKey)).size).toBe(1);
      const rows = await t.db.select().from(systemSettings).where(eq(systemSettings.key, 'vapid'));
      expect(rows).toHaveLength(1);
      // The private key is stored sealed with APP_SECRET, never in clear.
      expect(JSON.stringify(rows[0]!.value)).not.toContain(keys[0]!.privateKey);
      // Another APP_SECRET cannot open it: a clear error rather than a second pair.
      await expect(
        loadVapidKeys({
          db: handles[0]!.db,
          config,
          secretBox: createSecretBox('another-secret'.padEnd(40, 'y')),
        }),
      ).rejects.toThrow(/same APP_SECRET/);
    } finally {
      await Promise.all(handles.map((h) => h.close()));
    }
  });

  it('VAPID_PUBLIC_KEY / VAPID_PRIVATE_KEY from the environment win, and are checked', async () => {
    const pair = webpush.generateVAPIDKeys();
    const configured = await startSecondInstance(t, {
      VAPID_PUBLIC_KEY: pair.publicKey,
      VAPID_PRIVATE_KEY: pair.privateKey,
    });
    try {
      const token = await userWithRole(configured, 'vapid@example.se', 'user');
      const res = await api(configured, token)('GET', '/api/account/push/public-key');
      expect(res.json()).toEqual({ vapidPublicKey: pair.publicKey });
    } finally {
      await configured.close();
    }
    // Keys that are not keys stop start-up with a clear message.
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: 'abc', VAPID_PRIVATE_KEY: pair.privateKey }),
    ).toThrow(/VAPID_PUBLIC_KEY \/ VAPID_PRIVATE_KEY: expected base64url keys of 65 and 32 bytes/);
    expect(() =>
      loadConfig({ VAPID_PUBLIC_KEY: pair.publicKey, VAPID_PRIVATE_KEY: pair.publicKey }),
    ).toThrow(/expected base64url keys/);
  });

  it('the subject is an https: or mailto: URL (an http APP_URL falls back to MAIL_FROM)', () => {
    const mailFrom = 'Speedway Elitserien <no-reply@speedway.example>';
    const subject = (s: string) => vapidSubject({ vapid: { subject: s }, mailFrom });
    expect(subject('https://speedway.example')).toBe('https://speedway.example');
    expect(subject('mailto:ops@speedway.example')).toBe('mailto:ops@speedway.example');
    expect(subject('http://localhost:3000')).toBe('mailto:no-reply@speedway.example');
    expect(subject('https://localhost')).toBe('mailto:no-reply@speedway.example');
  });
});
