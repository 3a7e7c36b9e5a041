import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PASSWORD, login, signUp, totp } from '../../../test/users';
import { createUserCommand } from '../../cli/create-user';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'PUT' | 'POST' | 'DELETE',
  url: string,
  token?: string,
  payload?: unknown,
) =>
  t.request({
    method,
    url,
    ...(token ? { token } : {}),
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });

const mailWith = (to: string, subject: string) =>
  t.smtp.waitFor(to, (m) => m.subject.includes(subject));

describe('e-mail change', () => {
  it('tells the old address with a link that restores it and ends every session', async () => {
    const old = 'gammal@example.se';
    const owner = await signUp(t, old);
    const stolen = await login(t, old);
    const changed = await call('PUT', '/api/account/profile', stolen, {
      email: 'tjuvens@example.se',
    });
    expect(changed.statusCode).toBe(200);
    const notice = await mailWith(old, 'E-postadressen för ditt konto har ändrats');
    expect(notice.text).toContain('tjuvens@example.se');
    const token = t.smtp.link(notice, '/auth/revert-email').searchParams.get('token');

    const revert = await call('POST', '/api/auth/email/revert', undefined, { token });
    expect(revert.statusCode, revert.body).toBe(200);
    for (const session of [owner, stolen]) {
      expect((await call('GET', '/api/account/me', session)).statusCode).toBe(401);
    }
    // The old address is the account's again, verified, and gets a link for a new password.
    const reset = await t.smtp.waitFor(old, (m) => m.text.includes('/auth/reset-password'));
    const again = await call('POST', '/api/auth/password/reset', undefined, {
      token: t.smtp.link(reset, '/auth/reset-password').searchParams.get('token'),
      new_password: 'ägaren-igen-123',
    });
    expect(again.statusCode).toBe(200);
    const me = await call('GET', '/api/account/me', await login(t, old, 'ägaren-igen-123'));
    expect(me.json()).toMatchObject({ email: old, email_verified: true });
    // The link works once, and the thief's address verifies nothing any more.
    expect((await call('POST', '/api/auth/email/revert', undefined, { token })).statusCode).toBe(
      400,
    );
    const newLink = await t.smtp.waitFor('tjuvens@example.se', (m) =>
      m.text.includes('/auth/verify-email'),
    );
    const verify = await call('POST', '/api/auth/verify-email', undefined, {
      token: t.smtp.link(newLink, '/auth/verify-email').searchParams.get('token'),
    });
    expect(verify.statusCode).toBe(400);
  });

  it("the owner's undo wins over a registration of the old address made since, and removes 2FA the thief set up", async () => {
    const old = 'agare-forst@example.se';
    const thief = 'tjuv-tva@example.se';
    const owner = await signUp(t, old);
    const stolen = await login(t, old);
    expect((await call('PUT', '/api/account/profile', stolen, { email: thief })).statusCode).toBe(
      200,
    );
    const notice = await mailWith(old, 'E-postadressen för ditt konto har ändrats');
    const undo = t.smtp.link(notice, '/auth/revert-email').searchParams.get('token');
    // The thief verifies the new address, turns 2FA on, and registers the owner's old address.
    const verifyMail = await t.smtp.waitFor(thief, (m) => m.text.includes('/auth/verify-email'));
    const verified = await call('POST', '/api/auth/verify-email', undefined, {
      token: t.smtp.link(verifyMail, '/auth/verify-email').searchParams.get('token'),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    // The thief knows the password too (a session alone cannot turn 2FA on).
    const setup = await call('POST', '/api/account/2fa/enable', stolen, { password: PASSWORD });
    expect(
      (
        await call('POST', '/api/account/2fa/verify', stolen, {
          code: await totp(setup.json().secret),
        })
      ).statusCode,
    ).toBe(200);
    const squat = await call('POST', '/api/auth/register', undefined, {
      email: old,
      password: 'tjuvens-andra-konto',
    });
    expect(squat.statusCode).toBe(201);

    // The owner's undo restores the address all the same: the unverified claim is dropped.
    const revert = await call('POST', '/api/auth/email/revert', undefined, { token: undo });
    expect(revert.statusCode, revert.body).toBe(200);
    for (const session of [owner, stolen]) {
      expect((await call('GET', '/api/account/me', session)).statusCode).toBe(401);
    }
    const [{ n }] = (
      await t.db.execute<{ n: number }>(
        sql`SELECT count(*)::int AS n FROM users WHERE email = ${old}`,
      )
    ).rows as [{ n: number }];
    expect(n).toBe(1);
    // The thief's recovery codes went with the 2FA they belong to.
    const codes = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM two_factor_recovery_codes c JOIN users u ON u.id = c.user_id WHERE u.email = ${old}`,
    );
    expect(codes.rows[0]!.n).toBe(0);
    const reset = await t.smtp.waitFor(old, (m) => m.text.includes('/auth/reset-password'));
    const again = await call('POST', '/api/auth/password/reset', undefined, {
      token: t.smtp.link(reset, '/auth/reset-password').searchParams.get('token'),
      new_password: 'ägaren-tillbaka-1',
    });
    expect(again.statusCode).toBe(200);
    // Signed in with the password alone: the 2FA set up after the change is gone.
    const me = await call('GET', '/api/account/me', await login(t, old, 'ägaren-tillbaka-1'));
    expect(me.json()).toMatchObject({
      email: old,
      email_verified: true,
      two_factor_enabled: false,
    });
  });

  it('the undo keeps 2FA the owner had before the change, and a verified holder of the address keeps it', async () => {
    const old = 'med-2fa@example.se';
    const owner = await signUp(t, old);
    const setup = await call('POST', '/api/account/2fa/enable', owner, { password: PASSWORD });
    const secret = setup.json().secret as string;
    await call('POST', '/api/account/2fa/verify', owner, { code: await totp(secret) });
    expect(
      (await call('PUT', '/api/account/profile', owner, { email: 'ny-adress@example.se' }))
        .statusCode,
    ).toBe(200);
    const notice = await mailWith(old, 'E-postadressen för ditt konto har ändrats');
    const undo = t.smtp.link(notice, '/auth/revert-email').searchParams.get('token');
    expect(
      (await call('POST', '/api/auth/email/revert', undefined, { token: undo })).statusCode,
    ).toBe(200);
    const row = await t.db.execute<{ two_factor_enabled: boolean }>(
      sql`SELECT two_factor_enabled FROM users WHERE email = ${old}`,
    );
    expect(row.rows[0]!.two_factor_enabled).toBe(true);

    // An address verified by someone since (only its mailbox can) is not taken back, and the
    // link is not used up by the refusal. (The account leaves the old address only when the new
    // one is verified: until then the old one is still its own.)
    const second = 'andra-agare@example.se';
    const mover = await signUp(t, second);
    expect(
      (await call('PUT', '/api/account/profile', mover, { email: 'flyttad@example.se' }))
        .statusCode,
    ).toBe(200);
    const moved = await mailWith(second, 'E-postadressen för ditt konto har ändrats');
    const link = t.smtp.link(moved, '/auth/revert-email').searchParams.get('token');
    const arrived = await t.smtp.waitFor('flyttad@example.se', (m) =>
      m.text.includes('/auth/verify-email'),
    );
    expect(
      (
        await call('POST', '/api/auth/verify-email', undefined, {
          token: t.smtp.link(arrived, '/auth/verify-email').searchParams.get('token'),
        })
      ).statusCode,
    ).toBe(200);
    await createUserCommand({ email: second, password: 'den-nya-agaren-1', role: 'user' }, t.db);
    const taken = await call('POST', '/api/auth/email/revert', undefined, { token: link });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('EMAIL_TAKEN');
    const stillLive = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM email_tokens WHERE purpose = 'revert_email' AND email = ${second} AND used_at IS NULL`,
    );
    expect(stillLive.rows[0]!.n).toBe(1);
  });

  it('limits how often the address can be changed, and a taken address answers as a free one', async () => {
    const token = await signUp(t, 'byter-ofta@example.se');
    await signUp(t, 'upptagen@example.se');
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const res = await call('PUT', '/api/account/profile', token, {
        email: 'upptagen@example.se',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.slice(5)).toEqual([429, 429]);
  });
});

describe('security notices', () => {
  it('mails the owner when the password changes, and an older reset link stops working', async () => {
    const email = 'notis-losen@example.se';
    const token = await signUp(t, email);
    await call('POST', '/api/auth/password/forgot', undefined, { email });
    const resetMail = await t.smtp.waitFor(email, (m) => m.text.includes('/auth/reset-password'));
    const change = await call('PUT', '/api/account/password', token, {
      current_password: PASSWORD,
      new_password: 'ett-helt-nytt-lösen',
    });
    expect(change.statusCode).toBe(200);
    await mailWith(email, 'Ditt lösenord har ändrats');
    const reset = await call('POST', '/api/auth/password/reset', undefined, {
      token: t.smtp.link(resetMail, '/auth/reset-password').searchParams.get('token'),
      new_password: 'angriparens-lösen',
    });
    expect(reset.statusCode).toBe(400);
    await login(t, email, 'ett-helt-nytt-lösen');
  });

  it('mails the owner when 2FA is turned on and off, and when the account is deleted', async () => {
    const email = 'notis-2fa@example.se';
    const token = await signUp(t, email);
    const setup = await call('POST', '/api/account/2fa/enable', token, { password: PASSWORD });
    const on = await call('POST', '/api/account/2fa/verify', token, {
      code: await totp(setup.json().secret),
    });
    expect(on.statusCode).toBe(200);
    await mailWith(email, 'Tvåfaktorsautentisering är aktiverad');
    expect(
      (await call('POST', '/api/account/2fa/disable', token, { password: PASSWORD })).statusCode,
    ).toBe(200);
    await mailWith(email, 'Tvåfaktorsautentisering är avstängd');
    expect((await call('DELETE', '/api/account', token, { password: '' })).statusCode).toBe(200);
    await mailWith(email, 'Ditt konto är borttaget');
  });
});

describe('session lifetime', () => {
  it('ends a session after 30 days without use and 90 days after sign-in', async () => {
    const email = 'livslangd@example.se';
    const idle = await signUp(t, email);
    const old = await login(t, email);
    const fresh = await login(t, email);
    const hash = (token: string) => sql`encode(sha256(convert_to(${token}, 'UTF8')), 'hex')`;
    await t.db.execute(
      sql`UPDATE sessions SET last_active_at = now() - interval '31 days' WHERE token_hash = ${hash(idle)}`,
    );
    await t.db.execute(
      sql`UPDATE sessions SET created_at = now() - interval '91 days' WHERE token_hash = ${hash(old)}`,
    );
    expect((await call('GET', '/api/account/me', idle)).statusCode).toBe(401);
    expect((await call('GET', '/api/account/me', old)).statusCode).toBe(401);
    const me = await call('GET', '/api/account/me', fresh);
    expect(me.statusCode).toBe(200);
    const sessions = await call('GET', '/api/account/sessions', fresh);
    expect(sessions.json()).toHaveLength(1);
  });
});
