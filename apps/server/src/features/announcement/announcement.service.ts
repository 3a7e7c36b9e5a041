import type { Announcement, AnnouncementBody } from '@speedway/contracts';
import type { AppContext } from '../../context';
import { InvalidInputError } from '../../lib/errors';
import { announcementRepository, type AnnouncementRow } from './announcement.repository';

// The global announcement (docs/spec/2-matches-protocols-admin.md §4 Announcement, §5, §7). Any
// signed-in user reads it; a super_admin saves and closes it. An announcement whose expiry has
// passed is answered with active: false (to the banner and to the editor alike), whatever was
// saved.

const EXPIRY_PASSED = 'Utgångsdatumet har redan passerat. Välj en senare tidpunkt.';

export function toAnnouncement(row: AnnouncementRow, now: Date = new Date()): Announcement {
  const expired = row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
  return {
    id: row.id,
    version: row.version,
    message: row.message,
    level: row.level,
    active: row.active && !expired,
    dismissible: row.dismissible,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getAnnouncement(ctx: AppContext): Promise<Announcement> {
  return toAnnouncement(await announcementRepository.findOrCreate(ctx.db));
}

/** Saving with active on publishes it; an expiry already passed would publish nothing. */
export async function saveAnnouncement(
  ctx: AppContext,
  body: AnnouncementBody,
): Promise<Announcement> {
  const expiresAt = body.expiresAt === null ? null : new Date(body.expiresAt);
  if (body.active && expiresAt && expiresAt.getTime() <= Date.now()) {
    throw new InvalidInputError(EXPIRY_PASSED, [
      { path: 'body.expiresAt', message: EXPIRY_PASSED },
    ]);
  }
  const row = await announcementRepository.save(ctx.db, {
    message: body.message,
    level: body.level,
    active: body.active,
    dismissible: body.dismissible,
    expiresAt,
  });
  return toAnnouncement(row);
}

export async function closeAnnouncement(ctx: AppContext): Promise<Announcement> {
  return ctx.db.transaction(async (tx) =>
    toAnnouncement(await announcementRepository.deactivate(tx)),
  );
}
