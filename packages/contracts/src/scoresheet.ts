import type {
  Scoresheet,
  ScoresheetDetails,
  ScoresheetEntry,
  ScoresheetHeat,
  ScoresheetNomination,
  ScoresheetRider,
  ScoresheetTeam,
} from '@speedway/rules';
import { z } from 'zod';
import {
  HelmetSchema,
  LaneKeySchema,
  MatchDetailsSchema,
  PositionSchema,
  RulebookIdSchema,
} from './matches';
import { RiderLineSchema } from './saved-matches';

// The scoresheet export (ADR 011): GET /api/matches/{id}/export.json is the engine's Scoresheet;
// the PDF and CSV routes answer files. These schemas describe them on the wire.

const ScoreSchema = z.object({ home: z.number().int(), away: z.number().int() });

export const ScoresheetDetailsSchema = MatchDetailsSchema.omit({
  home_team_short: true,
  away_team_short: true,
}).extend({ referee: z.string().nullable() }) satisfies z.ZodType<ScoresheetDetails>;

export const ScoresheetEntrySchema = z.object({
  gate: LaneKeySchema,
  helmet: HelmetSchema,
  team: z.enum(['home', 'away']),
  rider_id: z.string(),
  name: z.string(),
  lineup_no: z.number().int(),
  replaces: z.number().int().nullable(),
  position: PositionSchema.nullable(),
  status: z.enum(['completed', 'excluded']).nullable(),
  points: z.number().int().nullable(),
  bonus_points: z.number().int().nullable(),
  /** '3', '2*' (with bonus), 'X' (excluded), '' without a result. */
  mark: z.string(),
}) satisfies z.ZodType<ScoresheetEntry>;

export const ScoresheetHeatSchema = z.object({
  heat_number: z.number().int(),
  nominated: z.boolean(),
  tactical: z.boolean(),
  rr: z.boolean(),
  complete: z.boolean(),
  entries: z.array(ScoresheetEntrySchema),
  heat_score: ScoreSchema.nullable(),
  running_score: ScoreSchema.nullable(),
}) satisfies z.ZodType<ScoresheetHeat>;

export const ScoresheetRiderSchema = RiderLineSchema.pick({
  rider_id: true,
  name: true,
  lineup_no: true,
  points: true,
  bonus_points: true,
  rides: true,
  marks: true,
  scorecard: true,
}) satisfies z.ZodType<ScoresheetRider>;

const ScoresheetTeamSchema = z.object({
  name: z.string(),
  points: z.number().int(),
  bonus_points: z.number().int(),
  riders: z.array(ScoresheetRiderSchema),
}) satisfies z.ZodType<ScoresheetTeam>;

const ScoresheetNominationSchema = z.object({
  heat_number: z.number().int(),
  home: z.array(z.string()),
  away: z.array(z.string()),
}) satisfies z.ZodType<ScoresheetNomination>;

export const ScoresheetSchema = z.object({
  details: ScoresheetDetailsSchema,
  rulebook: RulebookIdSchema,
  score: z.object({ home_score: z.number().int(), away_score: z.number().int() }),
  completed_heats: z.number().int(),
  teams: z.object({ home: ScoresheetTeamSchema, away: ScoresheetTeamSchema }),
  heats: z.array(ScoresheetHeatSchema),
  nominations: z.array(ScoresheetNominationSchema),
}) satisfies z.ZodType<Scoresheet>;

/** A file answer (PDF, CSV) in the API description; the body is bytes, not JSON. */
export function fileResponse(contentType: string, description: string) {
  return {
    description,
    content: { [contentType]: { schema: z.string().meta({ format: 'binary' }) } },
  };
}
