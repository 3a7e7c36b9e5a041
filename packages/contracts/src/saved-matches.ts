import type {
  HeatDifference,
  Placement,
  RiderDifference,
  RiderLine,
  Score,
  ScoreDiscrepancy,
  TeamStats,
} from '@speedway/rules';
import { z } from 'zod';
import {
  HeatSchema,
  LineupsSchema,
  MatchDetailsSchema,
  MatchStatusSchema,
  PositionSchema,
  RulebookIdSchema,
  SideSchema,
} from './matches';

// Saved protocols (docs/spec/2-matches-protocols-admin.md §3 Saved user match, User match (list);
// §4 Saved match; §7 the save call, GET /api/user/matches[/{id}], PUT …/resolve, DELETE
// /api/user-matches/{id}).

/** complete: no official result yet; validated: it agrees (or was resolved); disputed: it differs. */
export const SavedMatchStatusSchema = z.enum(['complete', 'validated', 'disputed']);
export type SavedMatchStatus = z.infer<typeof SavedMatchStatusSchema>;

export const ResolveActionSchema = z.enum(['accept_official', 'keep_user'], {
  message: "action ska vara 'accept_official' eller 'keep_user'.",
});
export type ResolveAction = z.infer<typeof ResolveActionSchema>;

export const ResolveBodySchema = z.strictObject({ action: ResolveActionSchema });
export type ResolveBody = z.infer<typeof ResolveBodySchema>;

/** A difference in the totals (the spec's discrepancy). */
export const ScoreDiscrepancySchema = z.object({
  type: z.enum(['home_score', 'away_score']),
  user_value: z.number().int(),
  official_value: z.number().int(),
}) satisfies z.ZodType<ScoreDiscrepancy>;

const PlacementSchema = z.object({
  position: PositionSchema,
  status: z.enum(['completed', 'excluded']),
}) satisfies z.ZodType<Placement>;

const RiderDifferenceSchema = z.object({
  rider_id: z.string(),
  name: z.string(),
  /** null: the rider has no result in that heat on that side. */
  user: PlacementSchema.nullable(),
  official: PlacementSchema.nullable(),
}) satisfies z.ZodType<RiderDifference>;

const ScoreSchema = z.object({
  home: z.number().int(),
  away: z.number().int(),
}) satisfies z.ZodType<Score>;

/** A heat where the protocol and the official result differ, with the riders who differ. */
export const HeatDiscrepancySchema = z.object({
  heat_number: z.number().int(),
  user: ScoreSchema.nullable(),
  official: ScoreSchema.nullable(),
  riders: z.array(RiderDifferenceSchema),
}) satisfies z.ZodType<HeatDifference>;
export type HeatDiscrepancy = z.infer<typeof HeatDiscrepancySchema>;

export const RiderLineSchema = z.object({
  rider_id: z.string(),
  name: z.string(),
  team: SideSchema,
  lineup_no: z.number().int(),
  points: z.number().int(),
  bonus_points: z.number().int(),
  rides: z.number().int(),
  /** Per ride in heat order: points, '*' after a bonus, 'X' when excluded. */
  marks: z.array(z.string()),
  /** "12+2". */
  score_text: z.string(),
  /** "(3,2*,3,2*,2) 12+2". */
  line: z.string(),
  /** "12+2 (3,2*,3,2*,2)". */
  scorecard: z.string(),
}) satisfies z.ZodType<RiderLine>;

export const TeamStatsSchema = z.object({
  points: z.number().int(),
  bonus_points: z.number().int(),
  heats_won: z.number().int(),
  heats_drawn: z.number().int(),
  five_one: z.number().int(),
}) satisfies z.ZodType<TeamStats>;

const TeamStatisticsSchema = z.object({
  totals: TeamStatsSchema,
  riders: z.array(RiderLineSchema),
});

const OfficialTotalsSchema = z.object({
  home_score: z.number().int(),
  away_score: z.number().int(),
});

/** One heat of a saved protocol in the list: its number and each team's points in it. */
export const SavedHeatScoreSchema = z.object({
  heat_number: z.number().int().min(1).max(15),
  home: z.number().int(),
  away: z.number().int(),
});
export type SavedHeatScore = z.infer<typeof SavedHeatScoreSchema>;

/** One saved protocol in the caller's list, newest first (GET /api/user/matches). */
export const SavedMatchSummarySchema = z.object({
  id: z.uuid(),
  match_id: z.uuid(),
  official_match_id: z.uuid().nullable(),
  ...MatchDetailsSchema.shape,
  status: SavedMatchStatusSchema,
  resolution: ResolveActionSchema.nullable(),
  /** user_results' totals. */
  home_score: z.number().int(),
  away_score: z.number().int(),
  official_results: OfficialTotalsSchema.nullable(),
  completed_heats: z.number().int(),
  total_heats: z.number().int(),
  /** The heats that differ from the official ones (the detail's heat_discrepancies), by number. */
  differing_heats: z.array(z.number().int()),
  /**
   * The heats of docs/spec/2-matches-protocols-admin.md §3: what the saved protocol (user_results)
   * gives each team, heat by heat.
   */
  heats: z.array(SavedHeatScoreSchema),
  /**
   * The nested match of docs/spec/2-matches-protocols-admin.md §3: the protocol it was saved from.
   */
  match: z.object({
    id: z.uuid(),
    status: MatchStatusSchema,
    home_team: z.string(),
    away_team: z.string(),
    date: z.string().nullable(),
    venue: z.string().nullable(),
  }),
  /** When the protocol was first saved. */
  completed_at: z.string(),
  updated_at: z.string(),
});
export type SavedMatchSummary = z.infer<typeof SavedMatchSummarySchema>;
export const SavedMatchListSchema = z.array(SavedMatchSummarySchema);

/** A saved protocol with everything the detail screen shows (GET /api/user/matches/{id}). */
export const SavedMatchSchema = z.object({
  id: z.uuid(),
  match_id: z.uuid(),
  official_match_id: z.uuid().nullable(),
  status: SavedMatchStatusSchema,
  /** How the user settled a difference; null when not (or when the official result changed). */
  resolution: ResolveActionSchema.nullable(),
  resolved_at: z.string().nullable(),
  completed_at: z.string(),
  updated_at: z.string(),
  match_details: MatchDetailsSchema.extend({ rulebook: RulebookIdSchema }),
  /** The protocol's points, or the official ones after accept_official. */
  user_results: z.object({
    home_score: z.number().int(),
    away_score: z.number().int(),
    heats: z.array(HeatSchema),
  }),
  /** null until an official result exists; heats null when it was published as totals only. */
  official_results: OfficialTotalsSchema.extend({
    heats: z.array(HeatSchema).nullable(),
  }).nullable(),
  discrepancies: z.array(ScoreDiscrepancySchema),
  /** Heat by heat: only the heats that differ (empty without official heats). */
  heat_discrepancies: z.array(HeatDiscrepancySchema),
  lineups: LineupsSchema,
  /** From user_results, per team: the team's totals and a line per line-up rider. */
  statistics: z.object({ home: TeamStatisticsSchema, away: TeamStatisticsSchema }),
});
export type SavedMatch = z.infer<typeof SavedMatchSchema>;

/** 'Spara protokoll' (POST /api/matches/{id}/save): the saved match, and its id under the spec's name. */
export const SaveProtocolResponseSchema = SavedMatchSchema.extend({
  user_match_id: z.uuid(),
  message: z.string(),
});
export type SaveProtocolResponse = z.infer<typeof SaveProtocolResponseSchema>;
