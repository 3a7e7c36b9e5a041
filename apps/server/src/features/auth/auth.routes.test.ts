import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectErrorShape, login, PASSWORD, signUp } from '../../../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.request({ method: 'POST', url, payload: payload as object, headers });

describe('registration and verification', () => {
  it('refuses an invalid e-mail with 422 and the spec text', async () => {
    const res = await post('/api/auth/register', { email: 'inte-en-adress', password: PASSWORD });
    expect(res.statusCode).toBe(422);
    expectErrorShape(res.json(), 422, 'INVALID_EMAIL');
    expect(res.json().message).toBe('Felaktig e-postadress. Kontrollera att adressen är korrekt.');
  });

  it('says an empty e-mail is required, not malformed', async () => {
    const res = await post('/api/auth/password/forgot', { email: '  ' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain('E-postadress krävs.');
  });

  it('answers bad input with 400 in the error shape, in Swedish', async () => {
    const missing = await post('/api/auth/register', { email: 'a@b.se' });
    expect(missing.statusCode).toBe(400);
    expectErrorShape(missing.json(), 400, 'VALIDATION_ERROR');
    expect(missing.json().details[0].path).toBe('body.password');

    const short = await post('/api/auth/register', { email: 'a@b.se', password: 'kort' });
    expect(short.json().message).toContain('minst 8 tecken');

    const wrongType = await post('/api/auth/login', { email: 42, password: [] });
    expect(wrongType.statusCode).toBe(400);
  });

  it('answers malformed JSON and oversized bodies with 4xx, never 5xx', async () => {
    const bad = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(bad.statusCode).toBe(400);
    expectErrorShape(bad.json(), 400, 'INVALID_JSON');
    const big = await post('/api/auth/register', {
      email: 'a@b.se',
      password: 'x'.repeat(400_000),
    });
    expect(big.statusCode).toBe(413);
    expectErrorShape(big.json(), 413, 'BODY_TOO_LARGE');
  });

  it('sends a real verification mail with an APP_URL link; unverified sign-in is refused and re-sends', async () => {
    const email = 'ny.anvandare@example.se';
    const reg = await post('/api/auth/register', {
      email: 'Ny.Anvandare@Example.se ',
      password: PASSWORD,
    });
    expect(reg.statusCode).toBe(201);
    expect(reg.json().message).toMatch(/verifiera/);
    const first = await t.smtp.waitFor(email);
    expect(first.subject).toContain('Bekräfta din e-postadress');
    const link = t.smtp.link(first, '/auth/verify-email');
    expect(link.origin).toBe('http://app.test');

    const count = t.smtp.mails.length;
    const early = await post('/api/auth/login', { email, password: PASSWORD });
    expect(early.statusCode).toBe(403);
    expectErrorShape(early.json(), 403, 'EMAIL_NOT_VERIFIED');
    expect(early.json().message).toContain('ny verifieringslänk');
    const second = await t.smtp.waitFor(email, (m) => t.smtp.mails.indexOf(m) >= count);
    const secondToken = t.smtp.link(second, '/auth/verify-email').searchParams.get('token');
    expect(secondToken).not.toBe(link.searchParams.get('token'));

    const ok = await post('/api/auth/verify-email', { token: link.searchParams.get('token') });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toEqual(expect.any(String));
    const reused = await post('/api/auth/verify-email', { token: link.searchParams.get('token') });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe(
      'Verifieringen misslyckades. Länken kan vara ogiltig eller förbrukad.',
    );

    const token = await login(t, email);
    const me = await t.request({ method: 'GET', url: '/api/account/me', token });
    expect(me.json()).toMatchObject({
      email,
      role: 'user',
      email_verified: true,
      two_factor_enabled: false,
    });
  });

  it('does not reveal whether an e-mail is registered', async () => {
    await signUp(t, 'finns@example.se');
    const known = await post('/api/auth/login', {
      email: 'finns@example.se',
      password: 'fel-lösenord',
    });
    const unknown = await post('/api/auth/login', {
      email: 'finns-inte@example.se',
      password: 'fel-lösenord',
    });
    expect(known.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(known.json()).toEqual(unknown.json());
    const again = await post('/api/auth/register', {
      email: 'finns@example.se',
      password: PASSWORD,
    });
    expect(again.statusCode).toBe(201);
    const fresh = await post('/api/auth/register', {
      email: 'helt-ny@example.se',
      password: PASSWORD,
    });
    expect(again.json()).toEqual(fresh.json());
  });

  it('limits failed logins per account and IP with 429 and Retry-After, not locking out the owner', async () => {
    await signUp(t, 'gissning@example.se');
    const stranger = { 'x-forwarded-for': '10.9.9.9' };
    for (let i = 0; i < 5; i++) {
      const res = await post(
        '/api/auth/login',
        { email: 'gissning@example.se', password: `fel-${i}-lösen` },
        stranger,
      );
      expect(res.statusCode).toBe(401);
    }
    const limited = await post(
      '/api/auth/login',
      { email: 'gissning@example.se', password: PASSWORD },
      stranger,
    );
    expect(limited.statusCode).toBe(429);
    expectErrorShape(limited.json(), 429, 'RATE_LIMITED');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The owner, from their own IP, still signs in.
    const owner = await post(
      '/api/auth/login',
      { email: 'gissning@example.se', password: PASSWORD },
      { 'x-forwarded-for': '10.9.9.10' },
    );
    expect(owner.statusCode).toBe(200);
  });
});

describe('forgot and reset password', () => {
  it('mails a one-hour single-use link; the reset ends every session', async () => {
    const email = 'glomsk@example.se';
    const oldToken = await signUp(t, email);
    const unknown = await post('/api/auth/password/forgot', { email: 'ingen@example.se' });
    const res = await post('/api/auth/password/forgot', { email });
    expect(res.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json());
    const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/auth/reset-password'));
    expect(mail.text).toContain('en timme');
    const token = t.smtp.link(mail, '/auth/reset-password').searchParams.get('token');

    const reset = await post('/api/auth/password/reset', {
      token,
      new_password: 'ett-nytt-lösenord',
    });
    expect(reset.statusCode).toBe(200);
    const old = await t.request({ method: 'GET', url: '/api/account/me', token: oldToken });
    expect(old.statusCode).toBe(401);
    expect(old.json().message).toBe('Din session är ogiltig eller har återkallats. Logga in igen.');
    const reused = await post('/api/auth/password/reset', {
      token,
      new_password: 'ett-tredje-lösenord',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().message).toBe('Länken kan vara ogiltig eller ha gått ut.');
    await login(t, email, 'ett-nytt-lösenord');
    const failed = await post('/api/auth/login', { email, password: PASSWORD });
    expect(failed.statusCode).toBe(401);
  });

  it('limits reset mails per address with 429, whether or not the address has an account', async () => {
    await signUp(t, 'manga-mejl@example.se');
    for (const email of ['manga-mejl@example.se', 'okand-adress@example.se']) {
      for (let i = 0; i < 3; i++) {
        const ok = await post(
          '/api/auth/password/forgot',
          { email },
          { 'x-forwarded-for': `10.3.3.${i + 1}` },
        );
        expect(ok.statusCode).toBe(200);
      }
      const limited = await post(
        '/api/auth/password/forgot',
        { email },
        { 'x-forwarded-for': '10.3.3.9' },
      );
      expect(limited.statusCode).toBe(429);
      expectErrorShape(limited.json(), 429, 'RATE_LIMITED');
      expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    }
    const resetMails = () =>
      t.smtp.mails.filter(
        (m) => m.to.includes('manga-mejl@example.se') && m.text.includes('/auth/reset-password'),
      );
    await expect.poll(() => resetMails().length, { timeout: 10_000 }).toBe(3);
    // The refused requests queued nothing: no fourth mail follows.
    await new Promise((r) => setTimeout(r, 1500));
    expect(resetMails()).toHaveLength(3);
  });

  it('refuses an expired reset link', async () => {
    const email = 'sen@example.se';
    await signUp(t, email);
    await post('/api/auth/password/forgot', { email });
    const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/auth/reset-password'));
    const token = t.smtp.link(mail, '/auth/reset-password').searchParams.get('token');
    await t.db.execute(
      sql`UPDATE email_tokens SET expires_at = now() - interval '1 second' WHERE purpose = 'reset_password'`,
    );
    const res = await post('/api/auth/password/reset', {
      token,
      new_password: 'ett-nytt-lösenord',
    });
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 400, 'INVALID_TOKEN');
  });
});

describe('sign-out', () => {
  it('ends the session on the server', async () => {
    const token = await signUp(t, 'utloggad@example.se');
    const out = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      token,
      headers: { 'content-type': 'application/json' },
    });
    expect(out.statusCode).toBe(200);
    const me = await t.request({ method: 'GET', url: '/api/account/me', token });
    expect(me.statusCode).toBe(401);
    // Public routes still answer with a dead token in the header.
    const again = await t.request({
      method: 'POST',
      url: '/api/auth/login',
      token,
      payload: { email: 'utloggad@example.se', password: PASSWORD },
    });
    expect(again.statusCode).toBe(200);
  });
});

describe('the server itself', () => {
  it('answers health once the database answers', async () => {
    const res = await t.request({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok' });
    expect(res.headers['x-request-id']).toEqual(expect.any(String));
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('answers unknown API paths with 404 in the error shape', async () => {
    const res = await t.request({ method: 'GET', url: '/api/finns-inte' });
    expect(res.statusCode).toBe(404);
    expectErrorShape(res.json(), 404, 'NOT_FOUND');
  });
});
