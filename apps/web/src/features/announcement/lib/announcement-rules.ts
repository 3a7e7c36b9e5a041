import type { Announcement } from '@speedway/contracts';

/*
 * The announcement banner's rules (docs/spec/2-matches-protocols-admin.md §4, §9). They repeat
 * @speedway/contracts' ANNOUNCEMENT_POLL_MS, ANNOUNCEMENT_STALE_MS and isAnnouncementVisible
 * because that module brings zod and every schema with it, which the home page does not otherwise
 * load; announcement-rules.test.ts keeps them equal.
 */
export const ANNOUNCEMENT_POLL_MS = 60_000;
export const ANNOUNCEMENT_STALE_MS = 30_000;
/**
 * The longest the home page waits for the announcement before showing its content anyway (a banner
 * that comes later moves the content down). Ours, beyond the spec: long enough for an answer on a
 * slow phone connection, short enough not to keep the page from someone whose request hangs.
 */
export const ANNOUNCEMENT_WAIT_MS = 1200;

/** Active, a message that is not blank, and not expired; an invalid expiry counts as none. */
export function isAnnouncementShown(a: Announcement, now: Date = new Date()): boolean {
  if (!a.active || a.message.trim() === '') return false;
  if (a.expiresAt === null) return true;
  const expires = Date.parse(a.expiresAt);
  return Number.isNaN(expires) || expires > now.getTime();
}

/** Milliseconds until the announcement expires, or null when it does not (or already has). */
export function msUntilExpiry(a: Announcement, now: Date = new Date()): number | null {
  if (a.expiresAt === null) return null;
  const expires = Date.parse(a.expiresAt);
  if (Number.isNaN(expires) || expires <= now.getTime()) return null;
  return expires - now.getTime();
}

/** A dismissal hides one saved version: an edit (a new version) shows again. */
export function dismissalKey(a: Pick<Announcement, 'id' | 'version'>): string {
  return `${a.id}:${a.version}`;
}
