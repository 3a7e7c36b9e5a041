import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectErrorShape, login, PASSWORD, signUp, totp } from '../../../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const CHROME_ANDROID =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const FIREFOX_WINDOWS =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';

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

describe('access', () => {
  it('refuses every account route without a token', async () => {
    for (const [method, url] of [
      ['GET', '/api/account/me'],
      ['GET', '/api/account/sessions'],
      ['GET', '/api/account/export'],
      ['DELETE', '/api/account'],
      ['POST', '/api/account/2fa/enable'],
    ] as const) {
      const res = await call(method, url);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expectErrorShape(res.json(), 401, 'UNAUTHORIZED');
    }
  });
});

describe('profile and password', () => {
  it('updates the display name; an e-mail change waits for verification and says so', async () => {
    const token = await signUp(t, 'profil@example.se');
    const named = await call('PUT', '/api/account/profile', token, { display_name: 'Ove Fundin' });
    expect(named.statusCode).toBe(200);
    expect(named.json()).toMatchObject({
      user: { display_name: 'Ove Fundin' },
      email_verification_sent: false,
    });

    const moved = await call('PUT', '/api/account/profile', token, {
      email: 'ny.profil@example.se',
    });
    expect(moved.json()).toMatchObject({
      email_verification_sent: true,
      user: {
        email: 'profil@example.se',
        email_verified: true,
        pending_email: 'ny.profil@example.se',
      },
    });
    const mail = await t.smtp.waitFor('ny.profil@example.se');
    expect(t.smtp.link(mail, '/auth/verify-email').origin).toBe('http://app.test');

    // A registered address answers as a free one does (no account is revealed): it waits as
    // pending all the same, and the address's owner is told by mail.
    await signUp(t, 'upptagen@example.se');
    const free = await call('PUT', '/api/account/profile', token, {
      email: 'ledig@example.se',
    });
    const taken = await call('PUT', '/api/account/profile', token, {
      email: 'upptagen@example.se',
    });
    expect(taken.statusCode).toBe(free.statusCode);
    expect(taken.json()).toEqual({
      ...free.json(),
      user: { ...free.json().user, pending_email: 'upptagen@example.se' },
    });
    const told = await t.smtp.waitFor('upptagen@example.se', (m) =>
      m.subject.includes('Någon försökte använda din e-postadress'),
    );
    expect(told.text).toContain('inget har ändrats');
    const unknownField = await call('PUT', '/api/account/profile', token, { role: 'super_admin' });
    expect(unknownField.statusCode).toBe(400);
    const me = await call('GET', '/api/account/me', token);
    expect(me.json().role).toBe('user');
  });

  it('changes the password only with the current one, and ends the other sessions', async () => {
    const email = 'byter@example.se';
    const token = await signUp(t, email);
    const other = await login(t, email);
    const wrong = await call('PUT', '/api/account/password', token, {
      current_password: 'fel-fel-fel',
      new_password: 'nytt-lösenord-1',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Nuvarande lösenord är fel.');
    const ok = await call('PUT', '/api/account/password', token, {
      current_password: PASSWORD,
      new_password: 'nytt-lösenord-1',
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/api/account/me', other)).statusCode).toBe(401);
    expect((await call('GET', '/api/account/me', token)).statusCode).toBe(200);
    await login(t, email, 'nytt-lösenord-1');
  });
});

describe('sessions', () => {
  it('lists sessions with device, browser and OS; revoking one makes its next request 401', async () => {
    const email = 'sessioner@example.se';
    const first = await signUp(t, email);
    const phone = await login(t, email, PASSWORD, { 'user-agent': CHROME_ANDROID });
    const desktop = await login(t, email, PASSWORD, { 'user-agent': FIREFOX_WINDOWS });
    const list = await call('GET', '/api/account/sessions', phone);
    expect(list.statusCode).toBe(200);
    const sessions = list.json() as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3);
    const mine = sessions.find((s) => s.current)!;
    expect(mine).toMatchObject({
      browser: 'Mobile Chrome',
      browserNice: 'Mobile Chrome 131',
      os: 'Android',
      osNice: 'Android 14',
      device: expect.stringContaining('Mobil'),
    });
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const firefox = sessions.find((s) => s.browser === 'Firefox')!;
    expect(firefox).toMatchObject({
      osNice: 'Windows 10',
      device: 'Dator',
      ip: expect.any(String),
      last_active: expect.any(String),
    });

    const revoke = await call('DELETE', `/api/account/sessions/${firefox.id as string}`, phone);
    expect(revoke.statusCode).toBe(200);
    const dead = await call('GET', '/api/account/me', desktop);
    expect(dead.statusCode).toBe(401);
    expect(dead.json().message).toBe(
      'Din session är ogiltig eller har återkallats. Logga in igen.',
    );

    const again = await call('DELETE', `/api/account/sessions/${firefox.id as string}`, phone);
    expect(again.statusCode).toBe(404);
    const malformed = await call('DELETE', '/api/account/sessions/inte-ett-id', phone);
    expect(malformed.statusCode).toBe(400);

    const others = await call('DELETE', '/api/account/sessions', phone, { scope: 'others' });
    expect(others.json()).toMatchObject({ revoked: 1 });
    expect((await call('GET', '/api/account/me', first)).statusCode).toBe(401);
    expect((await call('GET', '/api/account/me', phone)).statusCode).toBe(200);
    const badScope = await call('DELETE', '/api/account/sessions', phone, { scope: 'all' });
    expect(badScope.statusCode).toBe(400);
  });

  it('never lets one user revoke another user’s session', async () => {
    const a = await signUp(t, 'anna@example.se');
    const b = await signUp(t, 'bertil@example.se');
    const bSessions = (await call('GET', '/api/account/sessions', b)).json() as Array<{
      id: string;
    }>;
    const res = await call('DELETE', `/api/account/sessions/${bSessions[0]!.id}`, a);
    expect(res.statusCode).toBe(404);
    expect((await call('GET', '/api/account/me', b)).statusCode).toBe(200);
  });
});

describe('two-factor authentication', () => {
  it('enables with a QR code, then demands a single-use TOTP at login', async () => {
    const email = 'tvafaktor@example.se';
    const token = await signUp(t, email);
    const setup = await call('POST', '/api/account/2fa/enable', token, { password: PASSWORD });
    expect(setup.statusCode).toBe(200);
    const { secret, otpauth_url, qrcodeDataUrl } = setup.json();
    expect(otpauth_url).toMatch(/^otpauth:\/\/totp\//);
    expect(qrcodeDataUrl).toMatch(/^data:image\/png;base64,/);

    const wrong = await call('POST', '/api/account/2fa/verify', token, {
      code: '000000' === (await totp(secret)) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Fel kod');
    const enable = await call('POST', '/api/account/2fa/verify', token, {
      code: await totp(secret),
    });
    expect(enable.json()).toMatchObject({ two_factor_enabled: true });

    const first = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
      headers: { 'user-agent': FIREFOX_WINDOWS },
    });
    expect(first.json()).toMatchObject({
      two_factor_required: true,
      ticket: expect.any(String),
      device_label: 'Firefox 133 på Windows 10',
    });
    expect(first.json().token).toBeUndefined();
    const ticket = first.json().ticket as string;

    const bad = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { ticket, code: '12345' },
    });
    expect(bad.statusCode).toBe(400);
    // The code that enabled 2FA was used; the next step's code is fresh.
    const code = await totp(secret, 1);
    const ok = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { ticket, code },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ token: expect.any(String), user: { email } });

    const reusedTicket = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { ticket, code },
    });
    expect(reusedTicket.statusCode).toBe(401);
    const second = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    const reusedCode = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { ticket: second.json().ticket, code },
    });
    expect(reusedCode.statusCode).toBe(401);
    expect(reusedCode.json().message).toBe('Felaktig kod.');

    const off = await call('POST', '/api/account/2fa/disable', token, { password: PASSWORD });
    expect(off.json()).toMatchObject({ two_factor_enabled: false });
    await login(t, email);
  });

  it('limits wrong codes with 429', async () => {
    const email = 'gissar-kod@example.se';
    const token = await signUp(t, email);
    const { secret } = (
      await call('POST', '/api/account/2fa/enable', token, { password: PASSWORD })
    ).json();
    await call('POST', '/api/account/2fa/verify', token, { code: await totp(secret) });
    const { ticket } = (
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      })
    ).json();
    const valid = new Set([await totp(secret, -1), await totp(secret), await totp(secret, 1)]);
    const wrongCodes = [
      '100000',
      '200000',
      '300000',
      '400000',
      '500000',
      '600000',
      '700000',
    ].filter((c) => !valid.has(c));
    for (const code of wrongCodes.slice(0, 5)) {
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/2fa/verify',
        payload: { ticket, code },
      });
      expect(res.statusCode).toBe(401);
    }
    const limited = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { ticket, code: await totp(secret, 1) },
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeDefined();
  });

  it('refuses an expired login ticket', async () => {
    const email = 'sen-biljett@example.se';
    const token = await signUp(t, email);
    const { secret } = (
      await call('POST', '/api/account/2fa/enable', token, { password: PASSWORD })
    ).json();
    await call('POST', '/api/account/2fa/verify', token, { code: await totp(secret) });
    const { ticket } = (
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      })
    ).json();
    const { sql } = await import('drizzle-orm');
    await t.db.execute(sql`UPDATE login_tickets SET expires_at = now() - interval '1 second'`);
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { ticket, code: await totp(secret, 1) },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('Inloggningen har gått ut. Logga in igen.');
  });
});

describe('export and deletion', () => {
  it('exports everything stored about the user as a dated JSON file, without secrets', async () => {
    const token = await signUp(t, 'export@example.se');
    await call('PUT', '/api/account/profile', token, { display_name: 'Exportören' });
    const res = await call('GET', '/api/account/export', token);
    expect(res.statusCode).toBe(200);
    const today = new Date().toISOString().slice(0, 10);
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="speedway-export-${today}.json"`,
    );
    const data = res.json();
    expect(data.account).toMatchObject({ email: 'export@example.se', display_name: 'Exportören' });
    expect(data.sessions).toHaveLength(1);
    expect(res.body).not.toMatch(/argon2|password_hash|passwordHash|two_factor_secret/i);
  });

  it('deletes the account with everything in it; the token dies at once', async () => {
    const email = 'radera@example.se';
    const token = await signUp(t, email);
    const second = await login(t, email);
    const wrong = await call('DELETE', '/api/account', token, { password: 'fel-lösenord' });
    expect(wrong.statusCode).toBe(403);
    const res = await call('DELETE', '/api/account', token, { password: '' });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/api/account/me', token)).statusCode).toBe(401);
    expect((await call('GET', '/api/account/me', second)).statusCode).toBe(401);
    const { sql } = await import('drizzle-orm');
    const left = await t.db.execute(sql`
      SELECT (SELECT count(*) FROM users WHERE email = ${email})::int AS users,
             (SELECT count(*) FROM sessions s WHERE NOT EXISTS (SELECT 1 FROM users u WHERE u.id = s.user_id))::int AS orphans`);
    expect(left.rows[0]).toEqual({ users: 0, orphans: 0 });
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: PASSWORD },
    });
    expect(again.statusCode).toBe(401);
  });
});
