import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { login } from '../../test/users';
import { createUserCommand } from './create-user';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('create-user', () => {
  it('creates one verified account that can sign in', async () => {
    const out = await createUserCommand(
      { email: 'Admin@Example.se', password: 'ett-långt-lösen', role: 'super_admin' },
      t.db,
    );
    expect(out).toBe('Created super_admin admin@example.se');
    await login(t, 'admin@example.se', 'ett-långt-lösen');
  });

  it('creates many accounts with --count, {n} numbered from 1', async () => {
    const out = await createUserCommand(
      { email: 'last-{n}@example.se', count: '25', password: 'last-lösenord', role: 'user' },
      t.db,
    );
    expect(out).toBe(
      'Created user last-1@example.se … Created user last-25@example.se (25 accounts)',
    );
    await login(t, 'last-25@example.se', 'last-lösenord');
  });

  it('signs each account in with --sessions: one working bearer token a line, owner-only', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'create-user-'));
    try {
      const out = await createUserCommand(
        {
          email: 'sessioner-{n}@example.se',
          count: '4',
          password: 'sessions-lösenord',
          role: 'user',
          sessions: 'tokens.txt',
        },
        t.db,
        dir,
      );
      const file = path.join(dir, 'tokens.txt');
      expect(out).toBe(
        'Created user sessioner-1@example.se … Created user sessioner-4@example.se (4 accounts)\n' +
          `Signed in: 4 bearer tokens in ${file}, one a line`,
      );
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const tokens = readFileSync(file, 'utf8').trimEnd().split('\n');
      expect(tokens).toHaveLength(4);
      for (const [i, token] of tokens.entries()) {
        const me = await t.request({ method: 'GET', url: '/api/account/me', token });
        expect(me.statusCode, me.body).toBe(200);
        expect(me.json()).toMatchObject({ email: `sessioner-${i + 1}@example.se` });
      }
      // A session like a login's: listed, current, revocable.
      const list = await t.request({
        method: 'GET',
        url: '/api/account/sessions',
        token: tokens[0],
      });
      expect(list.json()).toEqual([
        expect.objectContaining({
          current: true,
          ip: '127.0.0.1',
          user_agent: 'speedway create-user',
        }),
      ]);
      const revoke = await t.request({
        method: 'DELETE',
        url: `/api/account/sessions/${list.json()[0].id}`,
        token: tokens[0],
      });
      expect(revoke.statusCode, revoke.body).toBe(200);
      const after = await t.request({ method: 'GET', url: '/api/account/me', token: tokens[0] });
      expect(after.statusCode).toBe(401);

      // Run again: the accounts are updated and signed in once more; the file gets the new tokens.
      await createUserCommand(
        {
          email: 'sessioner-{n}@example.se',
          count: '4',
          password: 'sessions-lösenord',
          role: 'user',
          sessions: file,
        },
        t.db,
      );
      const again = readFileSync(file, 'utf8').trimEnd().split('\n');
      expect(again).toHaveLength(4);
      expect(again.some((token) => tokens.includes(token))).toBe(false);
      const me = await t.request({ method: 'GET', url: '/api/account/me', token: again[3] });
      expect(me.json()).toMatchObject({ email: 'sessioner-4@example.se' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuses --count without {n}, {n} without --count, and a bad address', async () => {
    await expect(
      createUserCommand(
        { email: 'a@example.se', count: '2', password: 'x-lösenord', role: 'user' },
        t.db,
      ),
    ).rejects.toThrow('--email: --count and {n} in --email go together');
    await expect(
      createUserCommand({ email: 'a-{n}@example.se', password: 'x-lösenord', role: 'user' }, t.db),
    ).rejects.toThrow('--count and {n}');
    await expect(
      createUserCommand({ email: 'inte en adress', password: 'x-lösenord', role: 'user' }, t.db),
    ).rejects.toThrow('--email');
  });
});
