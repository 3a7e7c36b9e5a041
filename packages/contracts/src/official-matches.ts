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
