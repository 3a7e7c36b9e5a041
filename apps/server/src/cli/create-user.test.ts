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
