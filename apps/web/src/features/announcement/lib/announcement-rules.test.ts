import {
  ANNOUNCEMENT_POLL_MS as CONTRACT_POLL_MS,
  ANNOUNCEMENT_STALE_MS as CONTRACT_STALE_MS,
  isAnnouncementVisible,
  type Announcement,
} from '@speedway/contracts';
import { describe, expect, it } from 'vitest';
import {
  ANNOUNCEMENT_POLL_MS,
  ANNOUNCEMENT_STALE_MS,
  dismissalKey,
  isAnnouncementShown,
  msUntilExpiry,
} from './announcement-rules';

const NOW = new Date('2026-05-01T12:00:00Z');
const base: Announcement = {
  id: '0b9c3f7e-2a51-4d6b-9d3e-5a1c2b3d4e5f',
  version: 3,
  message: 'Serverunderhåll i kväll kl. 22.',
  level: 'info',
  active: true,
  dismissible: true,
  expiresAt: null,
  updatedAt: '2026-05-01T10:00:00Z',
};

const cases: [string, Partial<Announcement>, boolean][] = [
  ['active with a message and no expiry', {}, true],
  ['inactive', { active: false }, false],
  ['an empty message', { message: '' }, false],
  ['a blank message', { message: '   \n ' }, false],
  ['expiring later', { expiresAt: '2026-05-01T12:00:01Z' }, true],
  ['expiring now', { expiresAt: '2026-05-01T12:00:00Z' }, false],
  ['expired', { expiresAt: '2026-04-30T12:00:00Z' }, false],
  ['an invalid expiry (treated as none)', { expiresAt: 'inte ett datum' }, true],
];

describe('isAnnouncementShown', () => {
  it.each(cases)('%s', (_name, change, shown) => {
    const announcement = { ...base, ...change };
    expect(isAnnouncementShown(announcement, NOW)).toBe(shown);
    // The same rule as the contracts' (which the home page does not load).
    expect(isAnnouncementVisible(announcement, NOW)).toBe(shown);
  });
});

it('polls every 60 s and counts a read fresh for 30 s, as the contracts say', () => {
  expect([ANNOUNCEMENT_POLL_MS, ANNOUNCEMENT_STALE_MS]).toEqual([60_000, 30_000]);
  expect([ANNOUNCEMENT_POLL_MS, ANNOUNCEMENT_STALE_MS]).toEqual([
    CONTRACT_POLL_MS,
    CONTRACT_STALE_MS,
  ]);
});

it('knows how long until the announcement expires', () => {
  expect(msUntilExpiry({ ...base, expiresAt: '2026-05-01T12:00:05Z' }, NOW)).toBe(5000);
  expect(msUntilExpiry(base, NOW)).toBeNull();
  expect(msUntilExpiry({ ...base, expiresAt: '2026-05-01T11:00:00Z' }, NOW)).toBeNull();
  expect(msUntilExpiry({ ...base, expiresAt: 'fel' }, NOW)).toBeNull();
});

it('keys a dismissal by id and version', () => {
  expect(dismissalKey(base)).toBe(`${base.id}:3`);
  expect(dismissalKey({ ...base, version: 4 })).not.toBe(dismissalKey(base));
});
