import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PASSWORD, signUp, totp } from '../../../test/users';
import { hashPassword } from '../../lib/passwords';
import { runMaintenance } from '../../jobs/maintenance';
import { createRateLimiter, keyPart } from '../../lib/rate-limiter';
import pino from 'pino';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: Record<string, unknown>, ip: string, token?: string) =>
  t.request({
    method: 'POST',
    url,
    payload,
    headers: { 'x-forwarded-for': ip },
    ...(token ? { token } : {}),
  });

const tally = (statuses: number[]) =>
  statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});

describe('limits are counted before the check, atomically', () => {
  it('100 parallel wrong passwords for one account check at most 5', async () => {
    await signUp(t, 'parallell@example.se');
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, i) =>
        post(
          '/api/auth/login',
          { email: 'parallell@example.se', password: `fel-${i}` },
          '10.5.5.5',
        ),
      ),
    );
    const counts = tally(results.map((r) => r.statusCode));
    expect(counts[401]).toBe(5);
    expect(counts[429]).toBe(95);
  });

  it('100 parallel 2FA codes for one login check at most 5', async () => {
    const email = 'parallell-2fa@example.se';
    const token = await signUp(t, email);
    const { secret } = (
      await t.request({
        method: 'POST',
        url: '/api/account/2fa/enable',
        token,
        payload: { password: PASSWORD },
      })
    ).json();
    await t.request({
      method: 'POST',
      url: '/api/account/2fa/verify',
      token,
      payload: { code: await totp(secret) },
    });
    const { ticket } = (
      await post('/api/auth/login', { email, password: PASSWORD }, '10.6.6.6')
    ).json();
    const current = new Set([await totp(secret, -1), await totp(secret), await totp(secret, 1)]);
    const wrong = Array.from({ length: 100 }, (_, i) => String(100000 + i * 7919)).filter(
      (c) => !current.has(c),
    );
    const results = await Promise.all(
      wrong.map((code) => post('/api/auth/2fa/verify', { ticket, code }, '10.6.6.6')),
    );
    const counts = tally(results.map((r) => r.statusCode));
    expect(counts[401]).toBe(5);
    expect(counts[429]).toBe(wrong.length - 5);
  });

  it('a stranger from many IPs cannot lock the owner out before the account ceiling', async () => {
    await signUp(t, 'agare@example.se');
    // 20 IPs × 5 failures = the per-account ceiling of 100.
    for (let ip = 0; ip < 19; ip++) {
      await Promise.all(
        Array.from({ length: 5 }, (_, i) =>
          post(
            '/api/auth/login',
            { email: 'agare@example.se', password: `x-${i}` },
            `10.40.0.${ip}`,
          ),
        ),
      );
    }
    const owner = await post(
      '/api/auth/login',
      { email: 'agare@example.se', password: PASSWORD },
      '10.41.0.1',
    );
    expect(owner.statusCode).toBe(200);
  });

  it('verify-email and reset-password keep separate counters', async () => {
    const ip = '10.7.7.7';
    for (let i = 0; i < 30; i++) {
      await post('/api/auth/verify-email', { token: `ogiltig-${i}` }, ip);
    }
    expect((await post('/api/auth/verify-email', { token: 'ogiltig' }, ip)).statusCode).toBe(429);
    const reset = await post(
      '/api/auth/password/reset',
      { token: 'ogiltig', new_password: 'ett-nytt-lösenord' },
      ip,
    );
    expect(reset.statusCode).toBe(400);
  });
});

describe('X-Forwarded-For', () => {
  it('is ignored unless TRUST_PROXY names the proxy: a client cannot pick its own IP', async () => {
    const direct = await createTestApp({ TRUST_PROXY: 'false' });
    try {
      await signUp(direct, 'direkt@example.se');
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        const res = await direct.request({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: 'direkt@example.se', password: `fel-${i}` },
          headers: { 'x-forwarded-for': `10.99.0.${i}` },
        });
        statuses.push(res.statusCode);
      }
      // Counted per account and the socket's address: the forged addresses did not help.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    } finally {
      await direct.close();
    }
  });
});

describe('forgot password', () => {
  it('takes the same time for an address with and without an account (medians within 5 ms)', async () => {
    const passwordHash = await hashPassword(PASSWORD);
    const known = Array.from({ length: 30 }, (_, i) => `finns-${i}@example.se`);
    for (const email of known) {
      await t.db.execute(
        sql`INSERT INTO users (email, password_hash, email_verified_at) VALUES (${email}, ${passwordHash}, now())`,
      );
    }
    const unknown = Array.from({ length: 30 }, (_, i) => `saknas-${i}@example.se`);
    const time = async (email: string, i: number) => {
      const start = process.hrtime.bigint();
      const res = await post('/api/auth/password/forgot', { email }, `10.8.${i}.1`);
      expect(res.statusCode).toBe(200);
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    const a: number[] = [];
    const b: number[] = [];
    // Interleaved, so that drift in the machine's load falls on both alike.
    for (let i = 0; i < 30; i++) {
      a.push(await time(known[i]!, i));
      b.push(await time(unknown[i]!, i));
    }
    const median = (xs: number[]) => [...xs].sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    expect(Math.abs(median(a) - median(b))).toBeLessThan(5);
    // The mails still go out, from the job.
    await t.smtp.waitFor('finns-29@example.se', (m) => m.text.includes('/auth/reset-password'));
    expect(t.smtp.mails.some((m) => m.to.includes('saknas-0@example.se'))).toBe(false);
  });
});

describe('throttling of ordinary routes', () => {
  it('answers 429 with Retry-After past the per-user limit, and never for health', async () => {
    const limited = await createTestApp({ API_RATE_LIMIT: '10' });
    try {
      const token = await signUp(limited, 'flitig@example.se');
      const statuses: number[] = [];
      for (let i = 0; i < 15; i++) {
        const res = await limited.request({ method: 'GET', url: '/api/account/me', token });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) {
          expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
          expect(res.json()).toMatchObject({ code: 'RATE_LIMITED' });
        }
      }
      expect(statuses).toContain(429);
      expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(10);
      for (let i = 0; i < 20; i++) {
        expect((await limited.request({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});

describe('clean-up', () => {
  it('removes every counter of a deleted account at once', async () => {
    const email = 'raderas@example.se';
    const token = await signUp(t, email);
    await post('/api/auth/login', { email, password: 'fel-lösenord' }, '10.9.0.1');
    const keyed = () =>
      t.db.execute(sql`SELECT key FROM rate_limits WHERE key LIKE ${`%${keyPart(email)}%`}`);
    expect((await keyed()).rows.length).toBeGreaterThan(0);
    const del = await t.request({
      method: 'DELETE',
      url: '/api/account',
      token,
      payload: { password: '' },
    });
    expect(del.statusCode).toBe(200);
    expect((await keyed()).rows).toHaveLength(0);
  });

  it('the maintenance job removes ended windows, expired sessions and old links', async () => {
    await t.db.execute(
      sql`INSERT INTO rate_limits (key, count, reset_at) VALUES ('old:window', 3, now() - interval '1 minute')`,
    );
    const token = await signUp(t, 'stadas@example.se');
    await t.db.execute(sql`UPDATE sessions SET last_active_at = now() - interval '40 days'`);
    await t.db.execute(sql`UPDATE email_tokens SET expires_at = now() - interval '2 days'`);
    await runMaintenance({
      db: t.db,
      rateLimiter: createRateLimiter(t.db),
      log: pino({ level: 'silent' }),
    });
    const count = async (table: string) =>
      Number((await t.db.execute(sql.raw(`SELECT count(*)::int AS n FROM ${table}`))).rows[0]!.n);
    expect(
      (await t.db.execute(sql`SELECT 1 FROM rate_limits WHERE key = 'old:window'`)).rows,
    ).toHaveLength(0);
    expect(await count('sessions')).toBe(0);
    expect(await count('email_tokens')).toBe(0);
    expect((await t.request({ method: 'GET', url: '/api/account/me', token })).statusCode).toBe(
      401,
    );
  });
});
