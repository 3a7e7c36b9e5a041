import type { Role, User } from '@speedway/contracts';

type NamedUser = Pick<User, 'email'> & Partial<Pick<User, 'display_name' | 'username'>>;

/**
 * docs/spec/1-app-shell-auth-account.md §3: display_name, else username, else the part of the
 * e-mail before the @.
 */
export function displayNameOf(user: NamedUser): string {
  return user.display_name?.trim() || user.username?.trim() || user.email.split('@')[0] || '';
}

/** Up to two initials from the display name, else from the e-mail. */
export function initialsOf(user: NamedUser): string {
  const source = user.display_name?.trim() || user.email.split('@')[0] || '';
  const words = source.split(/[\s._\-+]+/).filter(Boolean);
  return words
    .slice(0, 2)
    .map((word) => Array.from(word)[0]?.toLocaleUpperCase('sv-SE') ?? '')
    .join('');
}

export const ADMIN_ROLES: readonly Role[] = ['club_admin', 'super_admin'];

export function isAdminRole(role: Role | undefined): boolean {
  return role !== undefined && ADMIN_ROLES.includes(role);
}

/** Where a user lands after signing in when no other page was asked for. */
export function landingPathFor(role: Role | undefined): string {
  return isAdminRole(role) ? '/admin' : '/';
}

export const ROLE_LABELS: Record<Role, string> = {
  user: 'Användare',
  club_admin: 'Klubbadmin',
  super_admin: 'Superadmin',
};
