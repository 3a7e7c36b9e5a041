import { RIDER_RANK_SORTS } from '@speedway/rules';
import { z } from 'zod';

// Season statistics from the official heats (issue 28; README "Statistics"). Riders are named by
// their identity: one person across teams and seasons (a squad rider's id names the same rider
// where a route takes a rider id). Averages are exact ratios; clients show three decimals with a
// decimal comma (Svemo's "Löp. snitt": 171 points in 86 heats = 1,988).

const FIRST_YEAR = 1900;
const LAST_YEAR = 2200;
const seasonMessage = `season ska vara ett år, ${FIRST_YEAR}–${LAST_YEAR}.`;
const Season = z.coerce
  .number({ message: seasonMessage })
  .int({ message: seasonMessage })
  .min(FIRST_YEAR, { message: seasonMessage })
  .max(LAST_YEAR, { message: seasonMessage });

const Count = z.number().int().min(0);
const Gate = z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(4)]);

/** What the ranking sorts by: the rules' one sort (rankRiders). */
export const RIDER_SORTS = RIDER_RANK_SORTS;
export const RiderSortSchema = z.enum(RIDER_SORTS, {
  message: `sort ska vara ett av ${RIDER_SORTS.join(', ')}.`,
});
export type RiderSort = z.infer<typeof RiderSortSchema>;

/** ?season= alone; without it the newest season with official heats. */
export const StatsSeasonQuerySchema = z.strictObject(
  { season: Season.optional() },
  { error: () => 'Okänd parameter: använd season.' },
);

/** The largest `min_heats` a ranking takes (more heats than any rider rides in a season). */
export const MAX_MIN_HEATS = 200;
const minHeatsMessage = `min_heats ska vara ett heltal 0–${MAX_MIN_HEATS}.`;

/** GET /api/stats/riders: the season's ranking; without a filter every rider with a ride. */
export const RiderRankingQuerySchema = z.strictObject(
  {
    season: Season.optional(),
    team_id: z.uuid({ message: 'team_id ska vara ett lags id.' }).optional(),
    min_heats: z.coerce
      .number({ message: minHeatsMessage })
      .int({ message: minHeatsMessage })
      .min(0, { message: minHeatsMessage })
      .max(MAX_MIN_HEATS, { message: minHeatsMessage })
      .optional(),
    sort: RiderSortSchema.optional(),
  },
  { error: () => 'Okänd parameter: använd season, team_id, min_heats och sort.' },
);
export type RiderRankingQuery = z.infer<typeof RiderRankingQuerySchema>;

export const StatsTeamRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  short: z.string().nullable(),
});
export type StatsTeamRef = z.infer<typeof StatsTeamRefSchema>;

export const GateLineSchema = z.object({
  gate: Gate,
  starts: Count,
  wins: Count,
  points: Count,
  points_per_start: z.number().min(0),
});

export const RiderSeasonLineSchema = z.object({
  rider_id: z.uuid(),
  name: z.string(),
  teams: z.array(StatsTeamRefSchema),
  matches: Count,
  heats: Count,
  points: Count,
  bonus_points: Count,
  /** points ÷ heats (Svemo's "Löp. snitt"); 0 without heats. */
  average: z.number().min(0),
  /** (points + bonus) ÷ heats. */
  paid_average: z.number().min(0),
  wins: Count,
  full_maximums: Count,
  paid_maximums: Count,
  exclusions: Count,
  /** Rides per TA code other than OK, when the source gave codes. */
  codes: z.record(z.string(), Count),
});
export type RiderSeasonLineReply = z.infer<typeof RiderSeasonLineSchema>;

export const RiderRankingSchema = z.object({
  /** null when no season has official heats yet. */
  season: z.number().int().nullable(),
  /** Seasons with official heats, newest first. */
  seasons: z.array(z.number().int()),
  riders: z.array(RiderSeasonLineSchema),
});
export type RiderRanking = z.infer<typeof RiderRankingSchema>;

export const RiderMatchLineSchema = z.object({
  match_id: z.uuid(),
  starts_at: z.string().nullable(),
  team: StatsTeamRefSchema,
  opponent: StatsTeamRefSchema,
  side: z.enum(['home', 'away']),
  heats: Count,
  points: Count,
  bonus_points: Count,
  marks: z.array(z.string()),
});

export const OpponentLineSchema = z.object({
  rider_id: z.uuid(),
  name: z.string(),
  met: Count,
  ahead: Count,
  behind: Count,
});

export const RiderStatsSchema = z.object({
  rider: z.object({ id: z.uuid(), name: z.string() }),
  season: z.number().int().nullable(),
  /** Seasons in which this rider has official heats, newest first. */
  seasons: z.array(z.number().int()),
  /** null when the rider has no heats in `season`. */
  line: RiderSeasonLineSchema.nullable(),
  gates: z.array(GateLineSchema),
  kinds: z.array(
    z.object({
      kind: z.enum(['programmed', 'reserve', 'tactical', 'nominated']),
      heats: Count,
      points: Count,
      bonus_points: Count,
    }),
  ),
  /** Newest first. */
  matches: z.array(RiderMatchLineSchema),
  /** The head-to-head picker: everyone met this season, most meetings first. */
  opponents: z.array(OpponentLineSchema),
});
export type RiderStats = z.infer<typeof RiderStatsSchema>;

const MeetingRideSchema = z.object({
  gate: Gate,
  team: StatsTeamRefSchema,
  position: z.number().int().min(0).max(4),
  status: z.enum(['completed', 'excluded']),
  points: Count,
  code: z.string().nullable(),
});

export const HeadToHeadSchema = z.object({
  season: z.number().int().nullable(),
  rider: z.object({ id: z.uuid(), name: z.string() }),
  opponent: z.object({ id: z.uuid(), name: z.string() }),
  met: Count,
  ahead: Count,
  behind: Count,
  /** Oldest first. */
  meetings: z.array(
    z.object({
      match_id: z.uuid(),
      starts_at: z.string().nullable(),
      heat_number: z.number().int().min(1).max(15),
      rider: MeetingRideSchema,
      opponent: MeetingRideSchema,
      ahead: z.enum(['rider', 'opponent']).nullable(),
    }),
  ),
});
export type HeadToHeadReply = z.infer<typeof HeadToHeadSchema>;

export const HeadToHeadParamsSchema = z.object({
  id: z.uuid({ message: 'Ogiltigt id.' }),
  opponentId: z.uuid({ message: 'Ogiltigt id.' }),
});

const VenueRecordSchema = z.object({
  matches: Count,
  wins: Count,
  draws: Count,
  losses: Count,
  points_for: Count,
  points_against: Count,
});

export const TeamSeasonStatsSchema = z.object({
  team: StatsTeamRefSchema,
  season: z.number().int().nullable(),
  seasons: z.array(z.number().int()),
  home: VenueRecordSchema,
  away: VenueRecordSchema,
  /** Oldest first. */
  form: z.array(
    z.object({
      match_id: z.uuid(),
      starts_at: z.string().nullable(),
      side: z.enum(['home', 'away']),
      opponent: StatsTeamRefSchema,
      score_for: Count,
      score_against: Count,
      result: z.enum(['V', 'O', 'F']),
    }),
  ),
  gates: z.object({
    all: z.array(GateLineSchema),
    home: z.array(GateLineSchema),
    away: z.array(GateLineSchema),
  }),
  /** Best average first; counted in this team's matches only. */
  riders: z.array(RiderSeasonLineSchema),
});
export type TeamSeasonStats = z.infer<typeof TeamSeasonStatsSchema>;

// Rider identities, for super_admins: one person across squads and seasons.

export const RiderEntrySchema = z.object({
  /** The squad rider (riders.id) official line-ups name. */
  entry_id: z.uuid(),
  name: z.string(),
  team: StatsTeamRefSchema,
  season: z.number().int().nullable(),
  heats: Count,
});

export const RiderIdentitySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  entries: z.array(RiderEntrySchema),
});
export type RiderIdentity = z.infer<typeof RiderIdentitySchema>;
export const RiderIdentityListSchema = z.array(RiderIdentitySchema);

export const RiderIdentityQuerySchema = z.strictObject(
  { q: z.string().trim().max(80, { message: 'Sökningen får vara högst 80 tecken.' }).optional() },
  { error: () => 'Okänd parameter: använd q.' },
);

export const MergeRidersSchema = z.strictObject({
  /** The identity that stays; the path's identity is merged into it and disappears. */
  into: z.uuid({ message: 'into ska vara en förares id.' }),
});

export const SplitRiderSchema = z.strictObject({
  /** The squad entry and season to move to a new identity of its own. */
  entry_id: z.uuid({ message: 'entry_id ska vara en förarpost.' }),
  season: Season.nullable(),
});
