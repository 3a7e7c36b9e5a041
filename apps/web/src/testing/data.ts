import type { Account, Role, User } from '@speedway/contracts';
import { STORAGE_KEYS } from '@/lib/storage';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: '5b0a7b8e-2a6f-4d2b-9a43-0f7a3c1e9d11',
    email: 'anna.karlsson@example.se',
    display_name: 'Anna Karlsson',
    username: null,
    role: 'user',
    club_slug: null,
    email_verified: true,
    avatar_url: null,
    ...overrides,
  };
}

export function makeAccount(overrides: Partial<Account> = {}): Account {
  return {
    ...makeUser(overrides),
    pending_email: null,
    two_factor_enabled: false,
    stats: { protocols: 3, last_active: new Date().toISOString() },
    ...overrides,
  };
}

/** Puts a signed-in session in storage, as a previous visit would have. */
export function signInAs(role: Role = 'user', overrides: Partial<User> = {}): User {
  const user = makeUser({ role, ...overrides });
  localStorage.setItem(STORAGE_KEYS.token, 'test-token');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
  return user;
}
