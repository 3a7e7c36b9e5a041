import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectErrorShape, login, PASSWORD, signUp, totp } from '../../../test/users';

// ADR 016: 2FA that someone else turned on must not survive every remedy.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  payload?: object,
) =>
  t.request({
    method,
    url,
    ...(token ? { token } : {}),
    ...(payload ? { payload } : {}),
    headers: { 'content-type': 'application/json' },
  });

/** Turns 2FA on with the password; the secret and the recovery codes. */
async function enableTwoFactor(token: string) {
  const setup = await call('POST', '/api/account/2fa/enable', token, { password: PASSWORD });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = setup.json().secret as string;
  const on = await call('POST', '/api/account/2fa/verify', token, { code: await totp(secret) });
  expect(on.statusCode, on.body).toBe(200);
  return { secret, codes: on.json().recovery_codes as string[] };
}

async function ticketFor(email: string): Promise<string> {
  const res = await call('POST', '/api/auth/login', undefined, { email, password: PASSWORD });
  expect(res.json()).toMatchObject({ two_factor_required: true });
  return res.json().ticket as string;
}

const twoFactorOf = async (email: string) =>
  (
    await t.db.execute<{ on: boolean }>(
      sql`SELECT two_factor_enabled AS on FROM users WHERE email = ${email}`,
    )
  ).rows[0]!.on;

describe('turning 2FA on and off takes the password', () => {
  it('refuses a session without the password, and a wrong one with a Swedish message', async () => {
    const email = 'sessionen-ensam@example.se';
    const token = await signUp(t, email);
    for (const url of ['/api/account/2fa/enable', '/api/account/2fa/disable']) {
      const missing = await call('POST', url, token, {});
      expect(missing.statusCode, url).toBe(400);
      expectErrorShape(missing.json(), 400, 'VALIDATION_ERROR');
      const wrong = await call('POST', url, token, { password: 'inte-lösenordet' });
      expect(wrong.statusCode, url).toBe(400);
      expectErrorShape(wrong.json(), 400, 'WRONG_PASSWORD');
      expect(wrong.json().message).toBe('Fel lösenord.');
    }
    expect(await twoFactorOf(email)).toBe(false);

    await enableTwoFactor(token);
    const keep = await call('POST', '/api/account/2fa/disable', token, { password: 'fel-igen' });
    expect(keep.statusCode).toBe(400);
    expect(await twoFactorOf(email)).toBe(true);
    const off = await call('POST', '/api/account/2fa/disable', token, { password: PASSWORD });
    expect(off.json()).toMatchObject({ two_factor_enabled: false });
    expect(await twoFactorOf(email)).toBe(false);
  });
});

describe('recovery codes', () => {
  it('are shown once, stored hashed, and each signs in once instead of a code', async () => {
    const email = 'koder@example.se';
    const token = await signUp(t, email);
    const { codes } = await enableTwoFactor(token);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const stored = await t.db.execute<{ code_hash: string }>(
      sql`SELECT code_hash FROM two_factor_recovery_codes c JOIN users u ON u.id = c.user_id WHERE u.email = ${email}`,
    );
    expect(stored.rows).toHaveLength(10);
    const hashes = stored.rows.map((r) => r.code_hash).join(' ');
    for (const code of codes) {
      expect(hashes).not.toContain(code);
      expect(hashes).not.toContain(code.replace(/-/g, ''));
    }

    // Typed in lower case with spaces: still the code.
    const first = codes[0]!;
    const typed = first.toLowerCase().replace(/-/g, ' ');
    const ok = await call('POST', '/api/auth/2fa/verify', undefined, {
      ticket: await ticketFor(email),
      recovery_code: typed,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ token: expect.any(String), user: { email } });
    await t.smtp.waitFor(email, (m) => m.subject.includes('En återställningskod har använts'));

    const again = await call('POST', '/api/auth/2fa/verify', undefined, {
      ticket: await ticketFor(email),
      recovery_code: first,
    });
    expect(again.statusCode).toBe(401);
    expectErrorShape(again.json(), 401, 'INVALID_CODE');
    expect(again.json().message).toBe('Återställningskoden är fel eller redan använd.');

    const both = await call('POST', '/api/auth/2fa/verify', undefined, {
      ticket: await ticketFor(email),
      code: '123456',
      recovery_code: codes[1],
    });
    expect(both.statusCode).toBe(400);
  });

  it('are renewed with the password, and the old ones stop working', async () => {
    const email = 'nya-koder@example.se';
    const token = await signUp(t, email);
    const none = await call('POST', '/api/account/2fa/recovery-codes', token, {
      password: PASSWORD,
    });
    expect(none.statusCode).toBe(409);
    const { codes: old } = await enableTwoFactor(token);
    const wrong = await call('POST', '/api/account/2fa/recovery-codes', token, {
      password: 'fel-lösenord',
    });
    expect(wrong.statusCode).toBe(400);
    expectErrorShape(wrong.json(), 400, 'WRONG_PASSWORD');
    const renewed = await call('POST', '/api/account/2fa/recovery-codes', token, {
      password: PASSWORD,
    });
    expect(renewed.statusCode).toBe(200);
    const fresh = renewed.json().recovery_codes as string[];
    expect(fresh).toHaveLength(10);
    await t.smtp.waitFor(email, (m) => m.subject.includes('Nya återställningskoder'));
    const stale = await call('POST', '/api/auth/2fa/verify', undefined, {
      ticket: await ticketFor(email),
      recovery_code: old[0],
    });
    expect(stale.statusCode).toBe(401);
    const ok = await call('POST', '/api/auth/2fa/verify', undefined, {
      ticket: await ticketFor(email),
      recovery_code: fresh[0],
    });
    expect(ok.statusCode).toBe(200);
  });
});

describe('recovery by e-mail', () => {
  /** Makes the pending removal due now, as if the delay had passed. */
  const fastForward = () =>
    t.db.execute(sql`UPDATE pgboss.job SET start_after = now()
      WHERE name = 'two-factor-removal' AND state IN ('created', 'retry')`);

  it('mails the address at once, and removes 2FA after the delay with a notice', async () => {
    const email = 'tappad-telefon@example.se';
    const token = await signUp(t, email);
    await enableTwoFactor(token);
    const enabledNotice = await t.smtp.waitFor(email, (m) =>
      m.subject.includes('Tvåfaktorsautentisering är aktiverad'),
    );
    expect(enabledNotice.text).toContain('Jag har inte tillgång till min autentiseringsapp');

    const ticket = await ticketFor(email);
    const asked = await call('POST', '/api/auth/2fa/removal', undefined, { ticket });
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().message).toContain('24 timmar');
    const mail = await t.smtp.waitFor(email, (m) => m.subject.includes('tas bort om 24 timmar'));
    expect(mail.text).toContain('Avbryt borttagningen');
    expect(t.smtp.link(mail, '/auth/cancel-2fa-removal').searchParams.get('token')).toBeTruthy();
    // The ticket is used up; asking again with it is refused.
    const reused = await call('POST', '/api/auth/2fa/removal', undefined, { ticket });
    expect(reused.statusCode).toBe(401);
    const job = await t.db.execute<{ start_after: string }>(
      sql`SELECT start_after FROM pgboss.job WHERE name = 'two-factor-removal'
          AND data->>'tokenId' IN (SELECT id::text FROM email_tokens u WHERE u.email = ${email})`,
    );
    const delay = new Date(job.rows[0]!.start_after).getTime() - Date.now();
    expect(delay).toBeGreaterThan(23.9 * 3600_000);
    expect(delay).toBeLessThanOrEqual(24 * 3600_000);
    expect(await twoFactorOf(email)).toBe(true);

    await fastForward();
    const removed = await t.smtp.waitFor(email, (m) =>
      m.subject.includes('Tvåfaktorsautentisering är borttagen'),
    );
    expect(removed.text).toContain('Inloggning kräver nu bara lösenordet');
    expect(await twoFactorOf(email)).toBe(false);
    await login(t, email);
  });

  it('is cancelled by the link in the mail, and 2FA stays', async () => {
    const email = 'avbryter@example.se';
    const token = await signUp(t, email);
    await enableTwoFactor(token);
    const asked = await call('POST', '/api/auth/2fa/removal', undefined, {
      ticket: await ticketFor(email),
    });
    expect(asked.statusCode).toBe(200);
    const mail = await t.smtp.waitFor(email, (m) => m.subject.includes('tas bort om 24 timmar'));
    const cancelToken = t.smtp.link(mail, '/auth/cancel-2fa-removal').searchParams.get('token');
    const cancelled = await call('POST', '/api/auth/2fa/removal/cancel', undefined, {
      token: cancelToken!,
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const twice = await call('POST', '/api/auth/2fa/removal/cancel', undefined, {
      token: cancelToken!,
    });
    expect(twice.statusCode).toBe(400);
    expectErrorShape(twice.json(), 400, 'INVALID_TOKEN');

    await fastForward();
    // The job ran (its row is done) and left 2FA on.
    for (let i = 0; i < 50; i++) {
      const left = await t.db.execute(
        sql`SELECT 1 FROM pgboss.job WHERE name = 'two-factor-removal' AND state IN ('created', 'retry', 'active')`,
      );
      if (left.rows.length === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await twoFactorOf(email)).toBe(true);
    const res = await call('POST', '/api/auth/login', undefined, { email, password: PASSWORD });
    expect(res.json()).toMatchObject({ two_factor_required: true });
  });
});

describe('wrong current passwords behind a session are limited like logins', () => {
  it('PUT /api/account/password answers 429 after five wrong passwords', async () => {
    const email = 'gissar-losen@example.se';
    const token = await signUp(t, email);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call('PUT', '/api/account/password', token, {
        current_password: `fel-${i}`,
        new_password: 'ett-nytt-lösenord',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429]);
    const limited = await call('PUT', '/api/account/password', token, {
      current_password: PASSWORD,
      new_password: 'ett-nytt-lösenord',
    });
    expect(limited.statusCode).toBe(429);
    expectErrorShape(limited.json(), 429, 'RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('DELETE /api/account too, and it requires its password field', async () => {
    const email = 'gissar-radera@example.se';
    const token = await signUp(t, email);
    const missing = await call('DELETE', '/api/account', token, {});
    expect(missing.statusCode).toBe(400);
    expectErrorShape(missing.json(), 400, 'VALIDATION_ERROR');
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      statuses.push(
        (await call('DELETE', '/api/account', token, { password: `fel-${i}` })).statusCode,
      );
    }
    expect(statuses).toEqual([403, 403, 403, 403, 403, 429]);
    expect((await call('GET', '/api/account/me', token)).statusCode).toBe(200);
  });
});
