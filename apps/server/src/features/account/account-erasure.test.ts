import { sql } from 'drizzle-orm';
import { createECDH, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api } from '../../../test/protocol-api';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { PASSWORD, signUp } from '../../../test/users';
import { sha256 } from '../../lib/crypto';
import { keyPart } from '../../lib/rate-limiter';

// Deleting an account leaves neither its id nor its address anywhere in the database:
// not in rate-limit counters, not in pg-boss's jobs (mail, pushes; queued, retrying or done),
// not in any other table.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** Rows of every table of the app's and pg-boss's schemas whose text holds one of the values. */
async function tracesOf(values: string[]): Promise<string[]> {
  const tables = await t.db.execute<{ schema: string; name: string }>(sql`
    SELECT table_schema AS schema, table_name AS name FROM information_schema.tables
    WHERE table_type = 'BASE TABLE' AND table_schema NOT IN ('pg_catalog', 'information_schema')`);
  expect(tables.rows.map((r) => `${r.schema}.${r.name}`)).toContain('pgboss.job');
  const found: string[] = [];
  for (const { schema, name } of tables.rows) {
    for (const value of values) {
      const result = await t.db.execute<{ n: number }>(sql`
        SELECT count(*)::int AS n FROM ${sql.identifier(schema)}.${sql.identifier(name)} AS row
        WHERE lower(row::text) LIKE ${`%${value.toLowerCase()}%`}`);
      if (result.rows[0]!.n > 0) found.push(`${schema}.${name}: ${value}`);
    }
  }
  return found;
}

function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    // A browser push service's host that does not resolve: the push job waits for its retry.
    endpoint: `https://radering-${randomBytes(4).toString('hex')}.push.services.mozilla.com/wpush/v2/x`,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  };
}

describe('deleting an account', () => {
  it('leaves no user id or address in any table, pg-boss’s included', async () => {
    const email = 'spar_los.radering@example.se';
    const token = await signUp(t, email);
    const call = api(t, token);
    const me = await call('GET', '/api/account/me');
    const userId = me.json().user?.id ?? me.json().id;
    expect(userId).toEqual(expect.any(String));

    // What leaves traces: failed logins and a reset mail asked for (counters keyed on the address
    // and the id), the API throttle (keyed on the id), a device and a push waiting for its retry
    // (jobs naming the id), a reset-request mail job (naming the address).
    for (let i = 0; i < 2; i++) {
      await t.request({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: 'fel-lösenord' },
        headers: { 'x-forwarded-for': '10.66.0.1' },
      });
    }
    expect(
      (await call('POST', '/api/account/push/subscribe', browserSubscription())).statusCode,
    ).toBe(200);
    expect((await call('POST', '/api/account/push/test')).statusCode).toBe(200);
    await t.request({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email },
      headers: { 'x-forwarded-for': '10.66.0.2' },
    });
    await t.smtp.waitFor(email, (m) => m.text.includes('/auth/reset-password'));
    expect((await tracesOf([email, userId])).length).toBeGreaterThan(0);
    // The counters' keys are keyed hashes: a plain hash of the IP (or the address) is not there.
    const keys = (await t.db.execute<{ key: string }>(sql`SELECT key FROM rate_limits`)).rows
      .map((r) => r.key)
      .join(' ');
    expect(keys).toContain(keyPart('10.66.0.1'));
    expect(keys).not.toContain(sha256('10.66.0.1').slice(0, 24));
    expect(keys).not.toContain(sha256(email).slice(0, 24));

    const deleted = await call('DELETE', '/api/account', { password: PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // The notice still reaches the address, from a job that does not hold it in clear.
    await t.smtp.waitFor(email, (m) => m.subject.startsWith('Ditt konto är borttaget'));

    expect(await tracesOf([email, userId])).toEqual([]);
  });
});
