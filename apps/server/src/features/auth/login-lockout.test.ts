import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PASSWORD, signUp } from '../../../test/users';
import { LIMITS } from '../../lib/rate-limiter';

// A stranger hammering an account from many addresses locks their own addresses, never
// the owner (features/auth/login-limits.ts).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const attempt = (email: string, password: string, ip: string) =>
  t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers: { 'x-forwarded-for': ip },
  });

/** Failures from `addresses` addresses, five each (all each address may spend on the account). */
async function hammer(email: string, addresses: number, net: string) {
  for (let a = 0; a < addresses; a++) {
    await Promise.all(
      Array.from({ length: LIMITS.loginFailuresPerAccountAndIp.max }, (_, i) =>
        attempt(email, `gissning-${a}-${i}`, `${net}.${a}`),
      ),
    );
  }
}

describe('a stranger from many addresses', () => {
  it('cannot lock the owner out of the address they sign in from, past the account’s ceiling', async () => {
    const email = 'hamrad@example.se';
    await signUp(t, email);
    const home = '10.90.0.1';
    expect((await attempt(email, PASSWORD, home)).statusCode).toBe(200);

    // 25 addresses × 5 failures: past the account's ceiling of 100.
    const addresses = Math.ceil(LIMITS.loginFailuresPerAccount.max / 5) + 5;
    await hammer(email, addresses, '10.91.0');

    // The owner, at home: in at once.
    expect((await attempt(email, PASSWORD, home)).statusCode).toBe(200);
    // The stranger's addresses are locked for this account.
    const again = await attempt(email, 'gissning-igen', '10.91.0.3');
    expect(again.statusCode).toBe(429);
    expect(again.json().code).toBe('RATE_LIMITED');
  });

  it('only slows the owner on a new address: one attempt per 15 minutes there, not a lock', async () => {
    const email = 'hamrad-ny-adress@example.se';
    await signUp(t, email);
    await hammer(email, Math.ceil(LIMITS.loginFailuresPerAccount.max / 5) + 1, '10.92.0');

    // A fresh address of the stranger's: one guess, then 429.
    expect((await attempt(email, 'fel-1', '10.93.0.1')).statusCode).toBe(401);
    const slowed = await attempt(email, 'fel-2', '10.93.0.1');
    expect(slowed.statusCode).toBe(429);
    expect(Number(slowed.headers['retry-after'])).toBeGreaterThan(0);

    // The owner on a new phone: the right password gets in.
    expect((await attempt(email, PASSWORD, '10.94.0.1')).statusCode).toBe(200);
    // Another account is not touched by this one's ceiling.
    const other = 'granne@example.se';
    await signUp(t, other);
    expect((await attempt(other, 'fel', '10.95.0.1')).statusCode).toBe(401);
    expect((await attempt(other, PASSWORD, '10.95.0.1')).statusCode).toBe(200);
  });
});
