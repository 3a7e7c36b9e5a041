import { z } from 'zod';

// Banner ads (docs/spec/2-matches-protocols-admin.md §2 admin area and protocol page, §3 Ad,
// §4 Ads, §5 ad form, §6 roles, §7 the /api/ads… calls, §8 texts, §9 constants). Shared by the
// server's routes and the web's admin screens and banner.

// ---------------------------------------------------------------------------------------------
// Values

export const AD_PACKAGES = ['bronze', 'silver', 'gold', 'platinum'] as const;
export const AdPackageSchema = z.enum(AD_PACKAGES, {
  message: 'Paketet ska vara bronze, silver, gold eller platinum.',
});
export type AdPackage = z.infer<typeof AdPackageSchema>;
export const DEFAULT_AD_PACKAGE: AdPackage = 'bronze';

/**
 * How much more often an ad of a package is drawn than a bronze one, among the ads that compete
 * for a banner (POST /api/ads/select).
 */
export const AD_PACKAGE_WEIGHTS: Readonly<Record<AdPackage, number>> = {
  bronze: 1,
  silver: 2,
  gold: 4,
  platinum: 8,
};

/** Whether the ad runs: a super_admin pauses and activates it. */
export const AdStatusSchema = z.enum(['active', 'paused']);
export type AdStatus = z.infer<typeof AdStatusSchema>;

/** A new ad, and an ad a club_admin edited after approval, waits for a super_admin: pending. */
export const AdModerationStatusSchema = z.enum(['pending', 'approved', 'rejected']);
export type AdModerationStatus = z.infer<typeof AdModerationStatusSchema>;

/**
 * The banner slots of the app: the two banner ads of the protocol page (/match/{id}), above and
 * below the heat programme. The spec shows banners nowhere else.
 */
export const AD_PLACEMENTS = ['protocol-top', 'protocol-bottom'] as const;
export const AdPlacementSchema = z.enum(AD_PLACEMENTS, {
  message: "placement ska vara 'protocol-top' eller 'protocol-bottom'.",
});
export type AdPlacement = z.infer<typeof AdPlacementSchema>;

// ---------------------------------------------------------------------------------------------
// Constants (§9)

export const AD_BANNER_WIDTH = 320;
export const AD_BANNER_HEIGHT = 60;
/** Each slot refreshes on its own rhythm, so the two banners of a page do not swap together. */
export const AD_REFRESH_MS: Readonly<Record<AdPlacement, number>> = {
  'protocol-top': 15_000,
  'protocol-bottom': 25_000,
};
export const AD_MIN_SWAP_MS = 10_000;
/** A banner is fetched only while it is within this distance of the viewport. */
export const AD_VISIBILITY_MARGIN_PX = 100;
/** An impression counts once the banner has been this visible (share of its area) … */
export const AD_IMPRESSION_VISIBLE_RATIO = 0.5;
/** … for this long, in a visible tab (the industry's viewability rule). */
export const AD_IMPRESSION_VISIBLE_MS = 1_000;

// ---------------------------------------------------------------------------------------------
// The ad

/** A day of the ad's period; periods are whole days in Swedish time (Europe/Stockholm). */
const day = (required: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(32, { message: 'Ange datumet som ÅÅÅÅ-MM-DD.' })
    .pipe(z.iso.date({ message: 'Ange datumet som ÅÅÅÅ-MM-DD.' }));

/**
 * An absolute http(s) URL with a host (letters, digits, dots and dashes, or an [IPv6] literal),
 * an optional port, then a path, query or fragment without spaces. Anything else fails:
 * javascript:, data:, protocol-relative //host and relative paths.
 */
const HTTP_URL =
  /^https?:\/\/(?:[\p{L}\p{N}](?:[\p{L}\p{N}.-]*[\p{L}\p{N}])?|\[[0-9a-f:.]+\])(?::\d{1,5})?(?:[/?#][^\s]*)?$/iu;

export function isHttpUrl(value: string): boolean {
  return HTTP_URL.test(value);
}

const MAX_URL_LENGTH = 2048;

const httpUrl = (required: string, invalid: string) =>
  z
    .string({ message: required })
    .trim()
    .min(1, { message: required })
    .max(MAX_URL_LENGTH, { message: `Adressen får vara högst ${MAX_URL_LENGTH} tecken.` })
    .refine(isHttpUrl, { message: invalid });

export const AD_TITLE_MAX = 120;

/** A club as the users table and the teams' slugs name it ('indianerna'). */
export const ClubSlugSchema = z
  .string({ message: 'Klubben ska anges som en slug.' })
  .trim()
  .min(1, { message: 'Klubben ska anges som en slug.' })
  .max(60, { message: 'Klubbens slug får vara högst 60 tecken.' })
  .regex(/^[a-z0-9-]+$/, { message: 'Klubbens slug får bara innehålla a–z, 0–9 och -.' });

export const AdSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  image_url: z.string(),
  click_url: z.string(),
  /** The slot the ad is limited to; null: every slot. */
  placement: AdPlacementSchema.nullable(),
  /** First and last day the ad runs (YYYY-MM-DD, both included, Swedish time). */
  start_date: z.string(),
  end_date: z.string(),
  package: AdPackageSchema,
  /** The club whose ad it is; null: a house ad of the super_admin's. */
  club_slug: z.string().nullable(),
  status: AdStatusSchema,
  moderation_status: AdModerationStatusSchema,
  /**
   * The version of the content a moderator reviews (title, image, click URL, period), raised by
   * every change of it: an approval names the revision it was shown (AdApproveBodySchema).
   */
  revision: z.number().int(),
  /** ISO timestamps. */
  created_at: z.string(),
  updated_at: z.string(),
  /** Counted impressions (banner ≥ 50 % visible for 1 s) and clicks, and clicks / impressions. */
  impressions: z.number().int(),
  clicks: z.number().int(),
  /** 0–1; null while there is no impression. */
  ctr: z.number().nullable(),
});
export type Ad = z.infer<typeof AdSchema>;
export const AdListSchema = z.array(AdSchema);
export type AdList = z.infer<typeof AdListSchema>;

/**
 * The ad form (POST /api/ads and PUT /api/ads/{id}). package, club_slug and placement are read
 * from a super_admin only: a club_admin's ad always carries their own club_slug, and keeps its
 * package (bronze when new).
 */
export const AdFormBodySchema = z
  .strictObject({
    title: z
      .string({ message: 'Titel krävs.' })
      .trim()
      .min(1, { message: 'Titel krävs.' })
      .max(AD_TITLE_MAX, { message: `Titeln får vara högst ${AD_TITLE_MAX} tecken.` }),
    image_url: httpUrl(
      'Bildadress krävs.',
      'Bildadressen måste vara en fullständig adress som börjar med http:// eller https://.',
    ),
    click_url: httpUrl(
      'Länkadress krävs.',
      'Länkadressen måste vara en fullständig adress som börjar med http:// eller https://.',
    ),
    start_date: day('Startdatum krävs.'),
    end_date: day('Slutdatum krävs.'),
    package: AdPackageSchema.optional(),
    club_slug: ClubSlugSchema.nullish(),
    placement: AdPlacementSchema.nullish(),
  })
  .refine((ad) => ad.end_date >= ad.start_date, {
    message: 'Slutdatumet får inte vara före startdatumet.',
    path: ['end_date'],
  });
export type AdFormBody = z.infer<typeof AdFormBodySchema>;
export type AdFormInput = z.input<typeof AdFormBodySchema>;

/**
 * POST /api/ads/{id}/approve: the revision of the ad the super_admin was shown. Another revision
 * stored (the ad was changed since) is refused with 409 AD_CHANGED and nothing is approved.
 */
export const AdApproveBodySchema = z.strictObject({
  revision: z
    .number({ message: 'Ange vilken version av annonsen du granskade (revision).' })
    .int({ message: 'revision ska vara ett heltal.' })
    .min(1, { message: 'revision ska vara minst 1.' })
    .max(2_147_483_647, { message: 'revision är för stor.' }),
});
export type AdApproveBody = z.infer<typeof AdApproveBodySchema>;

/** The 409 AD_CHANGED message: the ad was changed after the moderator was shown it. */
export const AD_CHANGED_MESSAGE =
  'Annonsen har ändrats sedan du granskade den. Granska den nya versionen innan du godkänner den.';

// ---------------------------------------------------------------------------------------------
// Selection and counting

/** POST /api/ads/select: the slot and the match it is shown with (any of the four may be unknown). */
export const AdSelectBodySchema = z.strictObject({
  placement: AdPlacementSchema,
  clubSlug: z.string().max(60).nullish(),
  awayClubSlug: z.string().max(60).nullish(),
  /** The protocol's home_team_id and away_team_id: their clubs count as the match's clubs. */
  homeTeamId: z.string().max(64).nullish(),
  awayTeamId: z.string().max(64).nullish(),
});
export type AdSelectBody = z.infer<typeof AdSelectBodySchema>;

/**
 * The reply of POST /api/ads/select when an ad fits (with none: 204 No Content, no body). The
 * tokens are single-use and valid for 24 hours: the impression token once the banner has been
 * seen, the click token with the click.
 */
export const AdSelectionSchema = z.object({
  id: z.uuid(),
  title: z.string(),
  image_url: z.string(),
  click_url: z.string(),
  club_slug: z.string().nullable(),
  /** The slot asked for. */
  placement: AdPlacementSchema,
  impression_token: z.string(),
  click_token: z.string(),
});
export type AdSelection = z.infer<typeof AdSelectionSchema>;

/**
 * POST /api/ads/click and POST /api/ads/impression: sent with navigator.sendBeacon (a text/plain
 * body holding this JSON, no Authorization header; the token is the credential) or a keep-alive
 * fetch. `token` is the selection's click_token or impression_token. A click also comes in the
 * spec's form, `id` and `placement` without a token: it counts for the signed-in sender only
 * (Authorization header), on their latest counted, not yet clicked impression of the ad.
 */
export const AdBeaconBodySchema = z.strictObject({
  id: z.uuid({ message: 'Ogiltigt annons-id.' }),
  placement: AdPlacementSchema.optional(),
  token: z
    .string({ message: 'Token krävs.' })
    .min(1, { message: 'Token krävs.' })
    .max(200)
    .optional(),
});
export type AdBeaconBody = z.infer<typeof AdBeaconBodySchema>;

/**
 * counted: false when nothing was counted: a replay, an impression within 10 s of the viewer's
 * last one of the ad in that slot, or a click without a counted, not yet clicked impression.
 */
export const AdBeaconResponseSchema = z.object({ counted: z.boolean() });
export type AdBeaconResponse = z.infer<typeof AdBeaconResponseSchema>;
