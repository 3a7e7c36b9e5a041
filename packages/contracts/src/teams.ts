import { z } from 'zod';

// Teams with their table standing (docs/spec/2-matches-protocols-admin.md §3 Team, Team riders;
// §7 GET /api/teams[/{id}/riders]).

export const TeamRiderSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  /** Number in the line-up (1–5 main, 6–7 reserve); null for a squad rider outside it. */
  lineup_no: z.number().int().nullable(),
  is_reserve: z.boolean(),
});
export type TeamRider = z.infer<typeof TeamRiderSchema>;

export const TeamSchema = z.object({
  id: z.uuid(),
  slug: z.string(),
  name: z.string(),
  city: z.string().nullable(),
  short: z.string().nullable(),
  arena: z.string().nullable(),
  rank: z.number().int(),
  matches_played: z.number().int(),
  wins: z.number().int(),
  draws: z.number().int(),
  losses: z.number().int(),
  heat_points_for: z.number().int(),
  heat_points_against: z.number().int(),
  heat_point_difference: z.number().int(),
  bonus_points: z.number().int(),
  points: z.number().int(),
  /** Last five results, oldest first: V (win), O (draw), F (loss). */
  form: z.array(z.enum(['V', 'O', 'F'])),
  riders: z.array(TeamRiderSchema),
});
export type Team = z.infer<typeof TeamSchema>;
/** In table order (points, then heat-point difference). */
export const TeamListSchema = z.array(TeamSchema);

export const TeamRidersQuerySchema = z.strictObject({
  match_id: z.uuid({ message: 'Ogiltigt match-id.' }).optional(),
});

export const TeamRidersSchema = z.object({
  mains: z.array(TeamRiderSchema),
  reserves: z.array(TeamRiderSchema),
});
export type TeamRiders = z.infer<typeof TeamRidersSchema>;
