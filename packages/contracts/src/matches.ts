import type {
  Heat,
  HeatResult,
  LaneRider,
  LineupRider,
  Lineups,
  TacticalRules,
} from '@speedway/rules';
import { HELMETS, RESULT_CODES, RULEBOOK_IDS, type RulebookId } from '@speedway/rules';
import { z } from 'zod';

// A user's match protocol (docs/spec/2-matches-protocols-admin.md §3 Match, Heat, Result; §7 heat
// save and nomination payloads). The engine's types are the source of truth; these schemas describe
// them on the wire.

export const SideSchema = z.enum(['home', 'away']);
export const LaneKeySchema = z.enum(['1', '2', '3', '4'], { message: 'Startspår ska vara 1–4.' });
export const HelmetSchema = z.enum(HELMETS as unknown as ['röd', 'blå', 'vit', 'gul']);
export const RulebookIdSchema = z.enum(RULEBOOK_IDS as [RulebookId, ...RulebookId[]]);
const RiderId = z.string().min(1).max(64);
/** 1–4 for a finisher, 0 for an excluded rider. */
export const PositionSchema = z.union(
  [z.literal(0), z.literal(1), z.literal(2), z.literal(3), z.literal(4)],
  { message: 'Placeringen ska vara 0–4.' },
);

export const LineupRiderSchema = z.object({
  rider_id: z.string(),
  name: z.string(),
  team: SideSchema,
  lineup_no: z.number().int(),
}) satisfies z.ZodType<LineupRider>;

export const LineupsSchema = z.object({
  home: z.array(LineupRiderSchema),
  away: z.array(LineupRiderSchema),
}) satisfies z.ZodType<Lineups>;

export const LaneRiderSchema = z.object({
  rider_id: z.string(),
  name: z.string(),
  team: SideSchema,
  lineup_no: z.number().int(),
  helmet_color: HelmetSchema,
  locked: z.boolean(),
  replaces: z.number().int().optional(),
}) satisfies z.ZodType<LaneRider>;

export const HeatResultSchema = z.object({
  rider_id: z.string(),
  position: PositionSchema,
  status: z.enum(['completed', 'excluded']),
  points: z.number().int(),
  bonus_points: z.number().int(),
  /** Svemo's code for the ride, on official heats only (never OK). */
  code: z.enum(RESULT_CODES).optional(),
}) satisfies z.ZodType<HeatResult>;

export const HeatSchema = z.object({
  heat_number: z.number().int(),
  status: z.enum(['upcoming', 'confirmed', 'live', 'completed']),
  riders: z.object({
    '1': LaneRiderSchema.optional(),
    '2': LaneRiderSchema.optional(),
    '3': LaneRiderSchema.optional(),
    '4': LaneRiderSchema.optional(),
  }),
  results: z.array(HeatResultSchema),
  rr: z.boolean(),
  tactical: z.boolean(),
}) satisfies z.ZodType<Heat>;
/** A heat on the wire: the engine's Heat. */
export type MatchHeat = z.infer<typeof HeatSchema>;

export const TacticalRulesSchema = z.object({
  enabled: z.boolean(),
  start_heat: z.number().int(),
  end_heat: z.number().int(),
  min_deficit: z.number().int(),
}) satisfies z.ZodType<TacticalRules>;

export const MatchStatusSchema = z.enum(['upcoming', 'live', 'completed', 'confirmed']);
export type MatchStatus = z.infer<typeof MatchStatusSchema>;

/**
 * The match a protocol is of: teams, date, venue, competition. A saved protocol carries the same
 * fields (in its list and as match_details), so they are named once here.
 */
export const MatchDetailsSchema = z.object({
  home_team: z.string(),
  away_team: z.string(),
  home_team_short: z.string().nullable(),
  away_team_short: z.string().nullable(),
  date: z.string().nullable(),
  venue: z.string().nullable(),
  competition: z.string().nullable(),
  round: z.number().int().nullable(),
});
export type MatchDetails = z.infer<typeof MatchDetailsSchema>;

/** One protocol in the caller's list (GET /api/matches). */
export const MatchSummarySchema = z.object({
  id: z.uuid(),
  official_match_id: z.uuid().nullable(),
  home_team_id: z.uuid().nullable(),
  away_team_id: z.uuid().nullable(),
  ...MatchDetailsSchema.shape,
  status: MatchStatusSchema,
  created_by: z.uuid(),
  home_score: z.number().int(),
  away_score: z.number().int(),
  completed_heats: z.number().int(),
  total_heats: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type MatchSummary = z.infer<typeof MatchSummarySchema>;
export const MatchListSchema = z.array(MatchSummarySchema);

/** A protocol with its heats (GET /api/matches/{id} and every call that changes one). */
export const MatchSchema = MatchSummarySchema.extend({
  heats: z.array(HeatSchema),
  lineups: LineupsSchema,
  meta: z.object({
    rules: z.object({
      rulebook: RulebookIdSchema,
      tactical: TacticalRulesSchema,
      nominated_heats: z.array(z.number().int()),
    }),
  }),
});
export type Match = z.infer<typeof MatchSchema>;

export const CreateFromOfficialBodySchema = z.strictObject({
  official_match_id: z.uuid({ message: 'Ogiltigt id för den officiella matchen.' }),
  /**
   * The new protocol's id, chosen by the device that started it offline (ADR 019): its queued
   * heat saves already name it. Ignored when the caller's unfinished protocol of the match exists.
   */
  id: z.uuid({ message: 'Ogiltigt id för protokollet.' }).optional(),
});
export type CreateFromOfficialBody = z.infer<typeof CreateFromOfficialBodySchema>;

export const MatchHeatParamsSchema = z.object({
  id: z.uuid({ message: 'Ogiltigt id.' }),
  heatNumber: z
    .string()
    .regex(/^\d{1,3}$/, { message: 'Heatnumret ska vara ett heltal.' })
    .transform(Number),
});

const HeatPointsInputSchema = z
  .number()
  .int({ message: 'Poäng ska vara ett heltal.' })
  .min(0, { message: 'Poäng kan inte vara negativa.' })
  .max(6, { message: 'Poäng i ett heat kan vara högst 6.' });

/** A result as the heat dialog sends it; points and bonus are computed by the server. */
export const ResultInputSchema = z.strictObject({
  rider_id: RiderId,
  position: PositionSchema,
  status: z.enum(['completed', 'excluded'], {
    message: "Status ska vara 'completed' eller 'excluded'.",
  }),
  // Accepted so that a client may send back a result it received, but never trusted; bounded
  // all the same (a heat gives at most 3 points and 1 bonus; 6 leaves room for doubled rides).
  points: HeatPointsInputSchema.optional(),
  bonus_points: HeatPointsInputSchema.optional(),
});

/** Lane ('1'–'4') → rider id; changed lanes only. */
export const AssignmentsSchema = z.partialRecord(LaneKeySchema, RiderId);

export const HeatSaveBodySchema = z.strictObject({
  assignments: AssignmentsSchema.optional(),
  results: z.array(ResultInputSchema).max(4).optional(),
  rr: z.boolean().optional(),
});
export type HeatSaveBody = z.infer<typeof HeatSaveBodySchema>;

export const HeatSaveResponseSchema = z.object({
  heat: HeatSchema,
  home_score: z.number().int(),
  away_score: z.number().int(),
  completed_heats: z.number().int(),
  status: MatchStatusSchema,
  /** The protocol's updated_at after the save (its place in the caller's list). */
  updated_at: z.string(),
});
export type HeatSaveResponse = z.infer<typeof HeatSaveResponseSchema>;

export const GateSetSchema = z.enum(['1-3', '2-4'], {
  message: "home_gates ska vara '1-3' eller '2-4'.",
});

/** One nominated heat: gate → rider id for all four gates, and which gates home takes. */
export const NominationSchema = z.strictObject({
  assignments: AssignmentsSchema,
  home_gates: GateSetSchema,
  home: z.array(RiderId).max(4).optional(),
  away: z.array(RiderId).max(4).optional(),
});
export type Nomination = z.infer<typeof NominationSchema>;

/** heat15 (every rulebook), heat14 too for elitserien-2019; heat 14 is applied first. */
export const NominationsBodySchema = z
  .strictObject({ heat14: NominationSchema.optional(), heat15: NominationSchema.optional() })
  .refine((body) => body.heat14 || body.heat15, {
    message: 'Ange heat15 (eller heat14).',
  });
export type NominationsBody = z.infer<typeof NominationsBodySchema>;

/** DELETE and PUT …/confirm take no payload; the client may send an empty JSON object. */
export const EmptyBodySchema = z.strictObject({}).nullish();
