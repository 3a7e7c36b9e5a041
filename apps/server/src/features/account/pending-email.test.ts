import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PASSWORD, login, signUp } from '../../../test/users';

// ADR 016: a change of e-mail waits as `pending_email` until the new address is verified, for a
// free and a taken address alike, so that neither the reply nor the account read back afterwards
// tells whether the address has an account.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const call = (
  method: 'GET' | 'PUT' | 'POST',
  url: string,
  token?: string,
  payload?: Record<string, unknown>,
) =>
  t.request({
    method,
    url,
    ...(token ? { token } : {}),
    ...(payload !== undefined ? { payload } : {}),
  });

const changeEmail = (token: string, email: string) =>
  call('PUT', '/api/account/profile', token, { email });

const me = async (token: string) => {
  const res = await call('GET', '/api/account/me', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Record<string, unknown>;
};

const tokenIn = (to: string, path: string) =>
  t.smtp
    .waitFor(to, (m) => m.text.includes(path))
    .then((mail) => t.smtp.link(mail, path).searchParams.get('token')!);

const verify = (token: string) => call('POST', '/api/auth/verify-email', undefined, { token });

const signIn = (email: string, password = PASSWORD) =>
  call('POST', '/api/auth/login', undefined, { email, password });

/** What differs between two accounts by nature (id, addresses, last activity), masked. */
function masked(body: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  for (const key of ['id', 'email', 'pending_email']) if (key in out) out[key] = '…';
  if (typeof out.stats === 'object' && out.stats) out.stats = { ...out.stats, last_active: '…' };
  if (typeof out.user === 'object' && out.user) out.user = masked(out.user as typeof body);
  return out;
}

const json = (res: LightMyRequestResponse) => res.json() as Record<string, unknown>;

describe('a change of e-mail waits for verification', () => {
  it('answers and reads back the same for a free and a taken address, apart from the address', async () => {
    await signUp(t, 'har-konto@example.se');
    const toFree = await signUp(t, 'till-ledig@example.se');
    const toTaken = await signUp(t, 'till-upptagen@example.se');

    const free = await changeEmail(toFree, 'helt-ledig@example.se');
    const taken = await changeEmail(toTaken, 'har-konto@example.se');
    expect(free.statusCode).toBe(200);
    expect(taken.statusCode).toBe(200);
    expect(masked(json(taken))).toEqual(masked(json(free)));
    expect(json(free).user).toMatchObject({
      email: 'till-ledig@example.se',
      email_verified: true,
      pending_email: 'helt-ledig@example.se',
    });
    expect(json(taken).user).toMatchObject({
      email: 'till-upptagen@example.se',
      email_verified: true,
      pending_email: 'har-konto@example.se',
    });

    const afterFree = await me(toFree);
    const afterTaken = await me(toTaken);
    expect(masked(afterTaken)).toEqual(masked(afterFree));
    expect(afterFree).toMatchObject({
      email: 'till-ledig@example.se',
      email_verified: true,
      pending_email: 'helt-ledig@example.se',
    });
    expect(afterTaken).toMatchObject({
      email: 'till-upptagen@example.se',
      email_verified: true,
      pending_email: 'har-konto@example.se',
    });

    // The free address gets the link; the taken one's owner is told instead. Each account's own
    // address gets the same undo mail either way.
    await tokenIn('helt-ledig@example.se', '/auth/verify-email');
    await t.smtp.waitFor('har-konto@example.se', (m) =>
      m.subject.includes('Någon försökte använda din e-postadress'),
    );
    const undoFree = await t.smtp.waitFor('till-ledig@example.se', (m) =>
      m.text.includes('/auth/revert-email'),
    );
    const undoTaken = await t.smtp.waitFor('till-upptagen@example.se', (m) =>
      m.text.includes('/auth/revert-email'),
    );
    expect(undoTaken.subject).toBe(undoFree.subject);
    expect(undoFree.text).toContain('helt-ledig@example.se');
    expect(undoTaken.text).toContain('har-konto@example.se');
    expect(
      t.smtp.mails.filter(
        (m) => m.to.includes('har-konto@example.se') && m.text.includes('/auth/verify-email'),
      ),
    ).toHaveLength(1); // its own registration's, none for the change
  });

  it('counts the verification mails alike for a free and a taken address', async () => {
    const toFree = await signUp(t, 'raknas-ledig@example.se');
    const toTaken = await signUp(t, 'raknas-upptagen@example.se');
    await signUp(t, 'upptagen-adress@example.se');
    const sent = { free: [] as unknown[], taken: [] as unknown[] };
    for (let i = 1; i <= 4; i++) {
      sent.free.push(
        json(await changeEmail(toFree, `ledig-${i}@example.se`)).email_verification_sent,
      );
      sent.taken.push(
        json(await changeEmail(toTaken, 'upptagen-adress@example.se')).email_verification_sent,
      );
    }
    // Three verification mails per account and IP an hour, then none: the same answers both ways.
    expect(sent.free).toEqual([true, true, true, false]);
    expect(sent.taken).toEqual(sent.free);
  });

  it('signs in with the current address until the new one is verified, then with the new one', async () => {
    const token = await signUp(t, 'flyttar@example.se');
    await changeEmail(token, 'flyttat@example.se');
    const link = await tokenIn('flyttat@example.se', '/auth/verify-email');

    expect((await signIn('flyttar@example.se')).statusCode).toBe(200);
    expect((await signIn('flyttat@example.se')).statusCode).toBe(401);

    const done = await verify(link);
    expect(done.statusCode, done.body).toBe(200);
    expect(json(done).message).toBe(
      'Den nya e-postadressen är bekräftad. Logga in med den från och med nu.',
    );
    expect(await me(token)).toMatchObject({
      email: 'flyttat@example.se',
      email_verified: true,
      pending_email: null,
    });
    expect((await signIn('flyttat@example.se')).statusCode).toBe(200);
    expect((await signIn('flyttar@example.se')).statusCode).toBe(401);
    // The link works once.
    expect((await verify(link)).statusCode).toBe(400);
  });

  it('refuses the link when another account has verified the address since, and changes nothing', async () => {
    const token = await signUp(t, 'hann-inte@example.se');
    await changeEmail(token, 'hanns-av-annan@example.se');
    const link = await tokenIn('hanns-av-annan@example.se', '/auth/verify-email');
    // Someone registers and verifies the address in the meantime.
    const registered = await call('POST', '/api/auth/register', undefined, {
      email: 'hanns-av-annan@example.se',
      password: 'den-andras-lösenord',
    });
    expect(registered.statusCode).toBe(201);
    const own = await t.smtp.waitFor('hanns-av-annan@example.se', (m) =>
      m.text.includes('vid just den registreringen'),
    );
    const claimed = await verify(t.smtp.link(own, '/auth/verify-email').searchParams.get('token')!);
    expect(claimed.statusCode).toBe(200);

    const refused = await verify(link);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toEqual({
      statusCode: 409,
      error: 'Conflict',
      code: 'EMAIL_TAKEN',
      message:
        'Adressen används nu av ett annat konto, så e-postadressen byttes inte. Kontot har kvar sin nuvarande adress.',
    });
    expect(await me(token)).toMatchObject({
      email: 'hann-inte@example.se',
      email_verified: true,
      pending_email: 'hanns-av-annan@example.se',
    });
    expect((await signIn('hann-inte@example.se')).statusCode).toBe(200);
    expect((await signIn('hanns-av-annan@example.se', 'den-andras-lösenord')).statusCode).toBe(200);
    const live = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM email_tokens WHERE purpose = 'verify_email' AND email = 'hanns-av-annan@example.se' AND used_at IS NULL AND password_hash IS NULL`,
    );
    expect(live.rows[0]!.n).toBe(1);
  });

  it('moves all the same when the address was only registered since, never verified', async () => {
    const token = await signUp(t, 'foljer-lanken@example.se');
    await changeEmail(token, 'bara-registrerad@example.se');
    const link = await tokenIn('bara-registrerad@example.se', '/auth/verify-email');
    const squat = await call('POST', '/api/auth/register', undefined, {
      email: 'bara-registrerad@example.se',
      password: 'någon-annans-lösen',
    });
    expect(squat.statusCode).toBe(201);

    expect((await verify(link)).statusCode).toBe(200);
    expect(await me(token)).toMatchObject({
      email: 'bara-registrerad@example.se',
      pending_email: null,
    });
    const rows = await t.db.execute<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM users WHERE email = 'bara-registrerad@example.se'`,
    );
    expect(rows.rows[0]!.n).toBe(1);
  });

  it('is stopped by the undo link before verification: the address never moved, sessions end', async () => {
    const email = 'angrar@example.se';
    const token = await signUp(t, email);
    await changeEmail(token, 'angrat-mal@example.se');
    const link = await tokenIn('angrat-mal@example.se', '/auth/verify-email');
    const undo = await tokenIn(email, '/auth/revert-email');

    const revert = await call('POST', '/api/auth/email/revert', undefined, { token: undo });
    expect(revert.statusCode, revert.body).toBe(200);
    expect(json(revert).message).toBe(
      'Bytet av e-postadress är stoppat och alla inloggningar är avslutade. Vi har skickat en länk så att du kan välja ett nytt lösenord.',
    );
    expect((await call('GET', '/api/account/me', token)).statusCode).toBe(401);
    expect(await me(await login(t, email))).toMatchObject({
      email,
      email_verified: true,
      pending_email: null,
    });
    expect((await verify(link)).statusCode).toBe(400);
    await tokenIn(email, '/auth/reset-password');
  });

  it('is replaced by a newer change, and called off by the current address', async () => {
    const email = 'andrar-sig@example.se';
    const token = await signUp(t, email);
    await changeEmail(token, 'forsta-valet@example.se');
    const first = await tokenIn('forsta-valet@example.se', '/auth/verify-email');
    await changeEmail(token, 'andra-valet@example.se');
    const second = await tokenIn('andra-valet@example.se', '/auth/verify-email');
    expect(await me(token)).toMatchObject({ email, pending_email: 'andra-valet@example.se' });
    expect((await verify(first)).statusCode).toBe(400);

    const back = await changeEmail(token, email);
    expect(back.statusCode).toBe(200);
    expect(json(back)).toMatchObject({
      email_verification_sent: false,
      message: 'Profilen är sparad. Bytet av e-postadress är avbrutet.',
      user: { email, pending_email: null },
    });
    expect(await me(token)).toMatchObject({ email, pending_email: null });
    expect((await verify(second)).statusCode).toBe(400);
    expect(json(await changeEmail(token, email)).message).toBe('Inga ändringar att spara.');
  });
});
