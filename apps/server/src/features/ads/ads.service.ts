import { AD_CHANGED_MESSAGE, ErrorCodes, type Ad, type AdFormBody } from '@speedway/contracts';
import { bumpDataVersion } from '../../db/data-versions';
import type { AppContext, Auth } from '../../context';
import { conflict, forbidden, notFound } from '../../lib/errors';
import { toAd } from './ads.mapper';
import { adsRepository, type AdChanges, type AdRow, type AdScope } from './ads.repository';

// The ads of the admin area (docs/spec/2-matches-protocols-admin.md §2, §4 Ads, §6). A club_admin
// reaches their own club's ads (another club's answers 404, as if missing); a super_admin reaches
// all, and alone sets the package, moderates and deletes. Every write raises the ads' data version
// in its transaction, so that the selection on every instance draws from the new state at once.

const AD_NOT_FOUND = 'Annonsen finns inte.';
const NO_CLUB = 'Ditt konto är inte kopplat till någon klubb. Be en superadministratör om hjälp.';

const scopeOf = ({ user }: Auth): AdScope =>
  user.role === 'super_admin' ? null : { clubSlug: user.clubSlug };

const isSuperAdmin = (auth: Auth) => auth.user.role === 'super_admin';

async function reload(ctx: AppContext, id: string): Promise<Ad> {
  const row = await adsRepository.find(ctx.db, null, id);
  if (!row) throw notFound(AD_NOT_FOUND);
  return toAd(row);
}

export async function listAds(ctx: AppContext, auth: Auth): Promise<Ad[]> {
  return (await adsRepository.list(ctx.db, scopeOf(auth))).map(toAd);
}

export async function getAd(ctx: AppContext, auth: Auth, id: string): Promise<Ad> {
  const row = await adsRepository.find(ctx.db, scopeOf(auth), id);
  if (!row) throw notFound(AD_NOT_FOUND);
  return toAd(row);
}

/**
 * A club_admin's ad carries their club and starts as bronze, waiting for approval; a
 * super_admin's carries the club_slug given (none: a house ad), the package given, and is
 * approved at once (they are the moderator).
 */
export async function createAd(ctx: AppContext, auth: Auth, body: AdFormBody): Promise<Ad> {
  const admin = isSuperAdmin(auth);
  if (!admin && !auth.user.clubSlug) throw forbidden(NO_CLUB);
  const row = await ctx.db.transaction(async (tx) => {
    const created = await adsRepository.insert(tx, {
      title: body.title,
      imageUrl: body.image_url,
      clickUrl: body.click_url,
      startDate: body.start_date,
      endDate: body.end_date,
      package: admin ? (body.package ?? 'bronze') : 'bronze',
      clubSlug: admin ? (body.club_slug ?? null) : auth.user.clubSlug,
      placement: admin ? (body.placement ?? null) : null,
      status: 'active',
      moderationStatus: admin ? 'approved' : 'pending',
    });
    await bumpDataVersion(tx, 'ads');
    return created;
  });
  return reload(ctx, row.id);
}

const sameContent = (row: AdRow, body: AdFormBody) =>
  row.title === body.title &&
  row.imageUrl === body.image_url &&
  row.clickUrl === body.click_url &&
  row.startDate === body.start_date &&
  row.endDate === body.end_date;

/**
 * The form's fields replace the ad's. A change of the content raises its revision, so that an
 * approval of what was there before is refused (moderateAd). A club_admin's change also sends the
 * ad back to moderation (pending), whatever it was, so that nothing unreviewed is shown; saving it
 * unchanged does neither. package, club_slug and placement are a super_admin's: left out, they
 * stay as they are.
 */
export async function updateAd(
  ctx: AppContext,
  auth: Auth,
  id: string,
  body: AdFormBody,
): Promise<Ad> {
  const admin = isSuperAdmin(auth);
  await ctx.db.transaction(async (tx) => {
    const row = await adsRepository.lock(tx, scopeOf(auth), id);
    if (!row) throw notFound(AD_NOT_FOUND);
    const changes: AdChanges = {
      title: body.title,
      imageUrl: body.image_url,
      clickUrl: body.click_url,
      startDate: body.start_date,
      endDate: body.end_date,
    };
    const contentChanged = !sameContent(row, body);
    if (contentChanged) changes.revision = row.revision + 1;
    if (admin) {
      if (body.package !== undefined) changes.package = body.package;
      if (body.club_slug !== undefined) changes.clubSlug = body.club_slug;
      if (body.placement !== undefined) changes.placement = body.placement;
    } else if (contentChanged) {
      changes.moderationStatus = 'pending';
    }
    await adsRepository.update(tx, id, changes);
    await bumpDataVersion(tx, 'ads');
  });
  return reload(ctx, id);
}

export type AdAction = 'approve' | 'reject' | 'pause' | 'activate';

const ACTIONS: Record<
  AdAction,
  { status: AdRow['status'] } | { moderationStatus: AdRow['moderationStatus'] }
> = {
  approve: { moderationStatus: 'approved' },
  reject: { moderationStatus: 'rejected' },
  pause: { status: 'paused' },
  activate: { status: 'active' },
};

/**
 * super_admin: approve, reject, pause, activate. Asking for the state it is in changes nothing.
 * An approval names the revision the moderator was shown: another one (the ad was changed since,
 * an edit waits on the row lock) is refused with 409, so that only reviewed content is approved.
 */
export async function moderateAd(
  ctx: AppContext,
  id: string,
  action: AdAction,
  reviewed?: { revision: number },
): Promise<Ad> {
  await ctx.db.transaction(async (tx) => {
    const row = await adsRepository.lock(tx, null, id);
    if (!row) throw notFound(AD_NOT_FOUND);
    if (action === 'approve' && row.revision !== reviewed?.revision) {
      throw conflict(AD_CHANGED_MESSAGE, ErrorCodes.AD_CHANGED);
    }
    if (await adsRepository.setState(tx, id, ACTIONS[action])) await bumpDataVersion(tx, 'ads');
  });
  return reload(ctx, id);
}

/** super_admin: removes the ad with its counted impressions and clicks. */
export async function deleteAd(ctx: AppContext, id: string): Promise<{ message: string }> {
  await ctx.db.transaction(async (tx) => {
    if (!(await adsRepository.delete(tx, id))) throw notFound(AD_NOT_FOUND);
    await bumpDataVersion(tx, 'ads');
  });
  return { message: 'Annonsen togs bort.' };
}
