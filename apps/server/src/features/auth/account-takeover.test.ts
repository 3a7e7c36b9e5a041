import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { login, totp } from '../../../test/users';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const post = (url: string, payload: unknown, ip: string, token?: string) =>
  t.request({
    method: 'POST',
    url,
    payload: payload as Record<string, unknown>,
    headers: { 'x-forwarded-for': ip },
    ...(token ? { token } : {}),
  });

const ATTACKER_IP = '10.66.0.1';
const VICTIM_IP = '10.77.0.1';

/** The verification mails to an address, oldest first, once `count` of them have arrived. */
async function verificationMails(to: string, count: number) {
  const all = () =>
    t.smtp.mails.filter((m) => m.to.includes(to) && m.text.includes('/auth/verify-email'));
  await expect.poll(() => all().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(count);
  return all();
}

const tokenOf = (mail: Parameters<TestApp['smtp']['link']>[0], path: string) =>
  t.smtp.link(mail, path).searchParams.get('token')!;

describe('pre-registration takeover', () => {
  it('the mailbox owner who verifies their own registration holds the account, not an earlier registrant', async () => {
    const email = 'offer@example.se';
    const attackerPassword = 'angriparens-lösenord';
    const victimPassword = 'offrets-eget-lösenord';

    // The attacker registers the victim's address first and never sees the mailbox.
    expect(
      (await post('/api/auth/register', { email, password: attackerPassword }, ATTACKER_IP))
        .statusCode,
    ).toBe(201);
    await verificationMails(email, 1);
    // The victim registers the same address and follows the link of their own registration.
    expect(
      (await post('/api/auth/register', { email, password: victimPassword }, VICTIM_IP)).statusCode,
    ).toBe(201);
    const mails = await verificationMails(email, 2);
    const own = mails[1]!;
    expect(own.text).toContain('lösenordet som valdes vid just den registreringen');
    const verify = await post(
      '/api/auth/verify-email',
      { token: tokenOf(own, '/auth/verify-email') },
      VICTIM_IP,
    );
    expect(verify.statusCode).toBe(200);

    // The victim's password opens the account; the attacker's does not.
    const victimToken = await login(t, email, victimPassword, { 'x-forwarded-for': VICTIM_IP });
    const attacker = await post(
      '/api/auth/login',
      { email, password: attackerPassword },
      ATTACKER_IP,
    );
    expect(attacker.statusCode).toBe(401);

    // The attacker's own link, followed later, changes nothing: the account is verified.
    const stale = await post(
      '/api/auth/verify-email',
      { token: tokenOf(mails[0]!, '/auth/verify-email') },
      ATTACKER_IP,
    );
    expect(stale.statusCode).toBe(400);
    expect(
      (await post('/api/auth/login', { email, password: attackerPassword }, ATTACKER_IP))
        .statusCode,
    ).toBe(401);

    // No second factor of anyone else stands in the way after a reset by the owner.
    await post('/api/auth/password/forgot', { email }, VICTIM_IP);
    const reset = await t.smtp.waitFor(email, (m) => m.text.includes('/auth/reset-password'));
    const done = await post(
      '/api/auth/password/reset',
      { token: tokenOf(reset, '/auth/reset-password'), new_password: 'offrets-nya-lösenord' },
      VICTIM_IP,
    );
    expect(done.statusCode).toBe(200);
    const after = await post(
      '/api/auth/login',
      { email, password: 'offrets-nya-lösenord' },
      VICTIM_IP,
    );
    expect(after.statusCode).toBe(200);
    expect(after.json()).toHaveProperty('token');
    expect(after.json()).not.toHaveProperty('two_factor_required');
    expect(victimToken).toEqual(expect.any(String));
  });

  it("a registration after the owner's does not take the account: the owner's own older link still decides", async () => {
    const email = 'tidig@example.se';
    await post('/api/auth/register', { email, password: 'ägarens-lösenord' }, VICTIM_IP);
    await verificationMails(email, 1);
    await post('/api/auth/register', { email, password: 'angriparens-andra' }, ATTACKER_IP);
    const mails = await verificationMails(email, 2);
    const owners = mails[0]!;
    expect(
      (
        await post(
          '/api/auth/verify-email',
          { token: tokenOf(owners, '/auth/verify-email') },
          VICTIM_IP,
        )
      ).statusCode,
    ).toBe(200);
    await login(t, email, 'ägarens-lösenord', { 'x-forwarded-for': VICTIM_IP });
    expect(
      (await post('/api/auth/login', { email, password: 'angriparens-andra' }, ATTACKER_IP))
        .statusCode,
    ).toBe(401);
  });

  it('before verification nobody signs in, whatever password they registered', async () => {
    const email = 'ingen-session@example.se';
    await post('/api/auth/register', { email, password: 'första-lösenordet' }, ATTACKER_IP);
    const res = await post(
      '/api/auth/login',
      { email, password: 'första-lösenordet' },
      ATTACKER_IP,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json()).not.toHaveProperty('token');
  });
});

describe('2FA set by the account holder survives a reset', () => {
  it('a verified owner with 2FA is still asked for a code after resetting the password', async () => {
    const email = 'tva-steg@example.se';
    await post('/api/auth/register', { email, password: 'mitt-lösenord-1' }, VICTIM_IP);
    const [mail] = await verificationMails(email, 1);
    await post(
      '/api/auth/verify-email',
      { token: tokenOf(mail!, '/auth/verify-email') },
      VICTIM_IP,
    );
    const token = await login(t, email, 'mitt-lösenord-1', { 'x-forwarded-for': VICTIM_IP });
    const setup = await t.request({
      method: 'POST',
      url: '/api/account/2fa/enable',
      token,
      payload: { password: 'mitt-lösenord-1' },
    });
    const code = await totp(setup.json().secret);
    const on = await t.request({
      method: 'POST',
      url: '/api/account/2fa/verify',
      token,
      payload: { code },
    });
    expect(on.statusCode).toBe(200);
    await post('/api/auth/password/forgot', { email }, VICTIM_IP);
    const reset = await t.smtp.waitFor(email, (m) => m.text.includes('/auth/reset-password'));
    await post(
      '/api/auth/password/reset',
      { token: tokenOf(reset, '/auth/reset-password'), new_password: 'mitt-lösenord-2' },
      VICTIM_IP,
    );
    const again = await post('/api/auth/login', { email, password: 'mitt-lösenord-2' }, VICTIM_IP);
    expect(again.json()).toMatchObject({ two_factor_required: true });
  });
});
