import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../db/schema/index';
import { jobsOf, eventually } from '../../../test/notification-helpers';
import { userWithRole } from '../../../test/official-data';
import { api } from '../../../test/protocol-api';
import { startPushService, type PushService } from '../../../test/push-service';
import { createTestApp, startSecondInstance, type TestApp } from '../../../test/test-app';
import { expectErrorShape } from '../../../test/users';
import { clock } from '../notifications/clock';

// Web push end to end: subscriptions through the API, pushes through the job queue to a push
// service on loopback that verifies the VAPID JWT and decrypts the payload with the device's own
// private key (test/push-service.ts). Midday UTC, outside the default quiet hours.

const NOON = new Date('2026-06-01T12:00:00Z');
let t: TestApp;
let push: PushService;
let token: string;

beforeAll(async () => {
  push = await startPushService();
  t = await createTestApp({
    PUSH_ALLOWED_HOSTS: new URL(push.origin).host,
    PUSH_TIMEOUT_MS: '500',
  });
  token = await userWithRole(t, 'push.agare@example.se', 'user');
  clock.now = () => NOON;
});

afterEach(async () => {
  // Nothing of one test's devices reaches the next.
  await t.db.delete(pushSubscriptions);
});

afterAll(async () => {
  await t?.close();
  await push?.close();
});

const publicKey = async (app: TestApp) =>
  (await api(app, token)('GET', '/api/account/push/public-key')).json().vapidPublicKey as string;

describe('GET /api/account/push/public-key', () => {
  it('answers the VAPID public key (a P-256 point), the same on every instance', async () => {
    const key = await publicKey(t);
    expect(Buffer.from(key, 'base64url')).toHaveLength(65);
    const second = await startSecondInstance(t, {
      PUSH_ALLOWED_HOSTS: new URL(push.origin).host,
    });
    try {
      expect(await publicKey(second)).toBe(key);
    } finally {
      await second.close();
    }
  });
});

describe('POST /api/account/push/subscribe', () => {
  it('stores a device (idempotently), and DELETE removes it', async () => {
    const device = push.device();
    const call = api(t, token);
    const first = await call('POST', '/api/account/push/subscribe', device.subscription);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ subscribed: true, devices: 1 });
    expect((await call('POST', '/api/account/push/subscribe', device.subscription)).json()).toEqual(
      { subscribed: true, devices: 1 },
    );
    const other = push.device();
    expect((await call('POST', '/api/account/push/subscribe', other.subscription)).json()).toEqual({
      subscribed: true,
      devices: 2,
    });
    const gone = await call('DELETE', '/api/account/push/subscribe', {
      endpoint: device.subscription.endpoint,
    });
    expect(gone.json()).toEqual({ subscribed: false, devices: 1 });
    // Unknown endpoints are no error (the browser may have dropped it already).
    const again = await call('DELETE', '/api/account/push/subscribe', {
      endpoint: device.subscription.endpoint,
    });
    expect(again.json()).toEqual({ subscribed: false, devices: 1 });
  });

  it('refuses malformed subscriptions with 400 in Swedish, naming the field', async () => {
    const { subscription } = push.device();
    const p256 = Buffer.from(subscription.keys.p256dh, 'base64url');
    const cases: [unknown, string][] = [
      [{ ...subscription, endpoint: 'inte en adress' }, 'endpoint'],
      [{ ...subscription, keys: undefined }, 'keys'],
      [{ ...subscription, keys: { ...subscription.keys, auth: 'AAAA' } }, 'keys.auth'],
      [
        {
          ...subscription,
          keys: { ...subscription.keys, auth: Buffer.alloc(17).toString('base64url') },
        },
        'keys.auth',
      ],
      [
        {
          ...subscription,
          keys: { ...subscription.keys, p256dh: p256.subarray(1).toString('base64url') },
        },
        'keys.p256dh',
      ],
      [
        {
          ...subscription,
          keys: {
            ...subscription.keys,
            p256dh: Buffer.concat([Buffer.from([2]), p256.subarray(1)]).toString('base64url'),
          },
        },
        'keys.p256dh',
      ],
      [{ ...subscription, keys: { ...subscription.keys, auth: 'ej base64!' } }, 'keys.auth'],
    ];
    for (const [body, field] of cases) {
      const res = await api(t, token)('POST', '/api/account/push/subscribe', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
      expect(res.json().message).toContain(`body.${field}`);
    }
  });

  it('accepts only https endpoints of the known push services, and PUSH_ALLOWED_HOSTS', async () => {
    const { subscription } = push.device();
    const refused = [
      'http://fcm.googleapis.com/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://169.254.169.254/latest/meta-data',
      'https://localhost/push',
      'https://evil.example/push',
      'https://fcm.googleapis.com.evil.example/x',
      'https://user:pass@fcm.googleapis.com/fcm/send/x',
      'http://127.0.0.2:8080/push',
      // PUSH_ALLOWED_HOSTS names the push service's port: another port of the host is refused.
      'http://127.0.0.1:9/another-port',
      `${push.origin.replace(/:\d+$/, '')}/default-port`,
    ];
    for (const endpoint of refused) {
      const res = await api(t, token)('POST', '/api/account/push/subscribe', {
        ...subscription,
        endpoint,
      });
      expect(res.statusCode, endpoint).toBe(400);
      expect(res.json().code, endpoint).toBe('PUSH_ENDPOINT_NOT_ALLOWED');
    }
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://wns2-db5p.notify.windows.com/w/?token=abc',
      'https://web.push.apple.com/QGa',
      `${push.origin}/on-the-allow-list`,
    ]) {
      const res = await api(t, token)('POST', '/api/account/push/subscribe', {
        ...subscription,
        endpoint,
      });
      expect(res.statusCode, `${endpoint}: ${res.body}`).toBe(200);
    }
    // Without PUSH_ALLOWED_HOSTS the loopback push service is refused too.
    const strict = await startSecondInstance(t);
    try {
      const res = await api(strict, token)('POST', '/api/account/push/subscribe', subscription);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain('känd push-tjänst');
    } finally {
      await strict.close();
    }
  });
});

describe('POST /api/account/push/test', () => {
  it('without a device: 409 with a Swedish message', async () => {
    const res = await api(t, token)('POST', '/api/account/push/test');
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toContain('ingen enhet');
  });

  it('pushes to every device: VAPID-signed, aes128gcm-encrypted, decrypted by the device', async () => {
    const phone = push.device();
    const laptop = push.device();
    for (const d of [phone, laptop]) {
      await api(t, token)('POST', '/api/account/push/subscribe', d.subscription);
    }
    const res = await api(t, token)('POST', '/api/account/push/test');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ devices: 2, message: 'Testnotisen skickas till 2 enheter.' });
    const key = await publicKey(t);
    for (const d of [phone, laptop]) {
      const [delivery] = await push.waitFor(d.id);
      expect(delivery!.message).toMatchObject({
        title: 'Testnotis',
        body: 'Notiser fungerar på den här enheten.',
        icon: '/icon-192.svg',
        data: { kind: 'push_test', deeplink: '/account/notifications' },
      });
      expect(delivery!.vapidKey).toBe(key);
      expect(delivery!.claims.aud).toBe(push.origin);
      expect(delivery!.claims.sub).toMatch(/^mailto:/);
      expect(delivery!.urgency).toBe('normal');
      expect(delivery!.ttl).toBe(300);
    }
    expect(push.refusals).toEqual([]);
  });

  it('a device on a listed host answering 404 or 410 is kept: the device count tells nothing', async () => {
    // Were a 404 from an operator's host to delete the device, the count a user sees would tell
    // them what that server has at a path of their choice (only the browsers' push services'
    // 404/410 ends a subscription: push-sender.ts outcomeOf).
    for (const status of [404, 410]) {
      const device = push.device([{ status }]);
      const subscribed = await api(t, token)(
        'POST',
        '/api/account/push/subscribe',
        device.subscription,
      );
      const before = subscribed.json().devices as number;
      expect((await api(t, token)('POST', '/api/account/push/test')).statusCode).toBe(200);
      await eventually(async () => {
        const [job] = await jobsOf(t, 'notification-push');
        return job?.state === 'completed' || undefined;
      }, `the ${status} push to be settled`);
      expect(device.attempts()).toBe(1);
      const rows = await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, device.subscription.endpoint));
      expect(rows).toHaveLength(1);
      const again = await api(t, token)('POST', '/api/account/push/subscribe', device.subscription);
      expect(again.json().devices).toBe(before);
    }
  });

  it('a 5xx is retried with backoff by the job, then delivered', async () => {
    const device = push.device([{ status: 503 }]);
    await api(t, token)('POST', '/api/account/push/subscribe', device.subscription);
    await api(t, token)('POST', '/api/account/push/test');
    const retrying = await eventually(async () => {
      const [job] = await jobsOf(t, 'notification-push');
      return job?.state === 'retry' ? job : undefined;
    }, 'the push job to wait for its retry');
    // Backoff: the retry waits (about 5–10 s after the first failure).
    expect(retrying.start_after.getTime()).toBeGreaterThan(Date.now() + 1000);
    // The wait passes (moved forward instead of slept through), and the retry delivers it.
    await t.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${retrying.id}`);
    const [delivery] = await push.waitFor(device.id);
    expect(delivery!.message).toMatchObject({ title: 'Testnotis' });
    expect(device.attempts()).toBe(2);
  });

  it('a push service that never answers does not hold up the request; the job times out and retries', async () => {
    const device = push.device([{ hang: true }]);
    await api(t, token)('POST', '/api/account/push/subscribe', device.subscription);
    const started = Date.now();
    const res = await api(t, token)('POST', '/api/account/push/test');
    expect(res.statusCode).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
    const retrying = await eventually(async () => {
      const [job] = await jobsOf(t, 'notification-push');
      return job?.state === 'retry' ? job : undefined;
    }, 'the timed-out push to wait for its retry');
    await t.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${retrying.id}`);
    await push.waitFor(device.id);
    expect(device.attempts()).toBe(2);
  });
});
