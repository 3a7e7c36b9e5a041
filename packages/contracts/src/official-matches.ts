import { z } from 'zod';
import { HeatSchema, LineupsSchema, RulebookIdSchema } from './matches';

// Official matches (docs/spec/2-matches-protocols-admin.md §3 Official match; §7 GET
// /api/official-matches[/{id}]) and follows.

export const OfficialMatchStatusSchema = z.enum(['upcoming', 'live', 'completed']);
export type OfficialMatchStatus = z.infer<typeof OfficialMatchStatusSchema>;

export const OfficialMatchSummarySchema = z.object({
  id: z.uuid(),
  external_id: z.string(),
  home_team_id: z.uuid(),
  away_team_id: z.uuid(),
  home_team: z.string(),
  away_team: z.string(),
  home_short: z.string().nullable(),
  away_short: z.string().nullable(),
  /** ISO 8601, or null while the start is not set. */
  start: z.string().nullable(),
  venue: z.string().nullable(),
  /** The competition (e.g. 'Elitserien'); `league` and `competition` carry the same value. */
  league: z.string().nullable(),
  competition: z.string().nullable(),
  season: z.number().int().nullable(),
  round: z.number().int().nullable(),
  status: OfficialMatchStatusSchema,
  /** Official totals once a result exists, else null. */
  home_score: z.number().int().nullable(),
  away_score: z.number().int().nullable(),
  tv: z.string().nullable(),
  referee: z.string().nullable(),
  rulebook: RulebookIdSchema,
  /** Both line-ups are published, so a protocol can be started. */
  lineups_ready: z.boolean(),
  /** The caller has a protocol from this match. */
  consumedByCurrentUser: z.boolean(),
  /** The caller's newest protocol from this match, if any. */
  protocol_id: z.uuid().nullable(),
  /** The caller's newest saved protocol of this match ('Matchprotokoll skapat'), if any. */
  user_match_id: z.uuid().nullable(),
  /** The caller follows this match. */
  followed: z.boolean(),
});
export type OfficialMatchSummary = z.infer<typeof OfficialMatchSummarySchema>;
export const OfficialMatchListSchema = z.array(OfficialMatchSummarySchema);

/**
 * The longest date window GET /api/official-matches answers, in days, both ends counted: a leap
 * year fits. Every reply is at most a season or a year of matches, however many years are stored.
 */
export const OFFICIAL_WINDOW_MAX_DAYS = 366;
/** The years a season or a window's day may name: the import format's bounds (official-data.ts). */
const FIRST_YEAR = 1900;
const LAST_YEAR = 2200;

const yearOf = (day: string) => Number(day.slice(0, 4));
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

/** A day in Swedish time, 'YYYY-MM-DD' (a window's end, both ends included). */
const windowDay = (name: 'from' | 'to') => {
  const message = `${name} ska vara ett datum som ÅÅÅÅ-MM-DD, år ${FIRST_YEAR}–${LAST_YEAR}.`;
  const inRange = (day: string) => yearOf(day) >= FIRST_YEAR && yearOf(day) <= LAST_YEAR;
  return (
    z
      .string({ message })
      .max(10, { message })
      .pipe(z.iso.date({ message }))
      // A day that is no date at all has its one message from the format already.
      .refine((day) => !/^\d{4}-/.test(day) || inRange(day), { message })
  );
};

const seasonMessage = `season ska vara ett år, ${FIRST_YEAR}–${LAST_YEAR}.`;

/**
 * GET /api/official-matches?season=&from=&to= (README, "Official matches: the window"). `season`
 * keeps the matches of one season; `from` and `to` the matches that start on those days in
 * Swedish time or between them. A match without a start counts as later than every date of its
 * season: it is in the reply unless `to` is given (or its season is over before `from`'s year). Without `season` the window is at most a year: `from` defaults
 * to today (so no parameter at all gives today's and the coming matches, what the home page and
 * /matches show), `to` to a year after `from`, `from` to a year before a given `to`. The defaults
 * are the server's (it knows today's date in Sweden); the schema checks what a client can get
 * wrong.
 */
export const OfficialMatchListQuerySchema = z
  .strictObject(
    {
      season: z.coerce
        .number({ message: seasonMessage })
        .int({ message: seasonMessage })
        .min(FIRST_YEAR, { message: seasonMessage })
        .max(LAST_YEAR, { message: seasonMessage })
        .optional(),
      from: windowDay('from').optional(),
      to: windowDay('to').optional(),
    },
    // Not the key itself: nothing the client sent is repeated back (plugins/error-handler.ts).
    { error: () => 'Okänd parameter: använd season, from och to.' },
  )
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'from får inte vara senare än to.',
    path: ['to'],
  })
  .refine(
    (q) => !q.from || !q.to || dayNumber(q.to) - dayNumber(q.from) < OFFICIAL_WINDOW_MAX_DAYS,
    {
      message: `Ett datumfönster får omfatta högst ${OFFICIAL_WINDOW_MAX_DAYS} dagar.`,
      path: ['to'],
    },
  );
export type OfficialMatchListQuery = z.infer<typeof OfficialMatchListQuerySchema>;

export const OfficialMatchDetailSchema = OfficialMatchSummarySchema.extend({
  /** The heat programme with the line-ups' riders (nominated heats empty until nominated). */
  heats: z.array(HeatSchema),
  lineups: LineupsSchema,
  result: z
    .object({
      home_score: z.number().int(),
      away_score: z.number().int(),
      /** All 15 heats when the result was published heat by heat, else null. */
      heats: z.array(HeatSchema).nullable(),
    })
    .nullable(),
});
export type OfficialMatchDetail = z.infer<typeof OfficialMatchDetailSchema>;

export const FollowStateSchema = z.object({
  official_match_id: z.uuid(),
  followed: z.boolean(),
});
export type FollowState = z.infer<typeof FollowStateSchema>;

/** GET /api/follows: the followed official matches, soonest first. */
export const FollowListSchema = z.array(
  OfficialMatchSummarySchema.extend({ followed_at: z.string() }),
);
export type FollowList = z.infer<typeof FollowListSchema>;
