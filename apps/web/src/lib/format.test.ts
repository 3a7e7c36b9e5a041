import { describe, expect, it } from 'vitest';
import { formatDate, formatRelative } from './format';
import { initialsOf, displayNameOf, landingPathFor } from './user';

describe('format', () => {
  const now = new Date('2026-05-10T12:00:00Z');

  it('words relative times in Swedish as the spec does', () => {
    expect(formatRelative('2026-05-10T11:55:00Z', now)).toBe('för 5 minuter sedan');
    expect(formatRelative('2026-05-10T09:00:00Z', now)).toBe('för 3 timmar sedan');
    expect(formatRelative('2026-05-10T11:59:40Z', now)).toBe('nu');
    expect(formatRelative(null, now)).toBe('–');
  });

  it('formats dates with the Swedish locale', () => {
    expect(formatDate('2026-05-10T12:00:00Z', 'd MMMM yyyy')).toBe('10 maj 2026');
  });
});

describe('user helpers', () => {
  it('takes up to two initials from the display name, else the e-mail', () => {
    expect(initialsOf({ email: 'x@y.se', display_name: 'Anna Maria Karlsson' })).toBe('AM');
    expect(initialsOf({ email: 'anna.karlsson@y.se', display_name: null })).toBe('AK');
    expect(initialsOf({ email: 'örjan@y.se', display_name: '  ' })).toBe('Ö');
  });

  it('shows display_name, else username, else the e-mail before the @', () => {
    expect(displayNameOf({ email: 'a@b.se', display_name: null, username: 'speedy' })).toBe(
      'speedy',
    );
    expect(displayNameOf({ email: 'anna@b.se', display_name: null, username: null })).toBe('anna');
  });

  it('lands admins on /admin and everyone else on /', () => {
    expect(landingPathFor('super_admin')).toBe('/admin');
    expect(landingPathFor('club_admin')).toBe('/admin');
    expect(landingPathFor('user')).toBe('/');
  });
});
