import { AD_PACKAGE_WEIGHTS, type AdPackage, type AdPlacement } from '@speedway/contracts';

// Which ad a banner shows (POST /api/ads/select), as pure functions of the eligible ads, the
// banner's slot and match, the day and a random source, so that the rules are tested apart from
// the database and the draw with a seeded random source.

/** What the draw needs of an approved, active ad. */
export type DrawableAd = {
  id: string;
  placement: AdPlacement | null;
  startDate: string;
  endDate: string;
  package: AdPackage;
  clubSlug: string | null;
};

/** A number in [0, 1), as Math.random gives. */
export type RandomSource = () => number;

/** Periods are whole days as people in Sweden mean them, whatever the server's time zone. */
export const AD_TIME_ZONE = 'Europe/Stockholm';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: AD_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The date in Sweden at this instant, as YYYY-MM-DD. */
export function swedishDay(at: Date): string {
  return dayFormat.format(at);
}

/** Whether the ad runs on this day (start and end day both included). */
export function runsOn(ad: Pick<DrawableAd, 'startDate' | 'endDate'>, day: string): boolean {
  return ad.startDate <= day && day <= ad.endDate;
}

export type DrawRequest = {
  placement: AdPlacement;
  /** The clubs of the match the banner is shown with (slugs). */
  clubs: ReadonlySet<string>;
  day: string;
};

/**
 * The ads that compete for the banner: those that run on the day in this slot; when any of them
 * belongs to a club of the match, only those (the match's clubs come first).
 */
export function candidatesFor<T extends DrawableAd>(ads: readonly T[], request: DrawRequest): T[] {
  const running = ads.filter(
    (ad) =>
      runsOn(ad, request.day) && (ad.placement === null || ad.placement === request.placement),
  );
  const ofTheMatch = running.filter((ad) => ad.clubSlug !== null && request.clubs.has(ad.clubSlug));
  return ofTheMatch.length > 0 ? ofTheMatch : running;
}

/** One ad, each with a chance in proportion to its package's weight (AD_PACKAGE_WEIGHTS). */
export function drawWeighted<T extends DrawableAd>(
  ads: readonly T[],
  random: RandomSource,
): T | undefined {
  if (ads.length === 0) return undefined;
  let total = 0;
  for (const ad of ads) total += AD_PACKAGE_WEIGHTS[ad.package];
  let point = random() * total;
  for (const ad of ads) {
    point -= AD_PACKAGE_WEIGHTS[ad.package];
    if (point < 0) return ad;
  }
  // Only reached through rounding at the very top of the range.
  return ads[ads.length - 1];
}

export function pickAd<T extends DrawableAd>(
  ads: readonly T[],
  request: DrawRequest,
  random: RandomSource,
): T | undefined {
  return drawWeighted(candidatesFor(ads, request), random);
}
