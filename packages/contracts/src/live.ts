import { riderLines, runningScores } from '@speedway/rules';
import { z } from 'zod';
import {
  HeatSchema,
  MatchDetailsSchema,
  MatchStatusSchema,
  SideSchema,
  type Match,
  type MatchDetails,
} from './matches';

// 'Dela live' (ADR 012): a read-only link to a protocol for people without an account, and
// what they see. Nothing here names the owner.

/** A link token: 256 random bits in base64url (43 characters). */
export const LiveTokenSchema = z
  .string()
  .min(1)
  .max(64, { message: 'Ogiltig länk.' })
  .regex(/^[\w-]+$/, { message: 'Ogiltig länk.' });
export const LiveTokenParamsSchema = z.object({ token: LiveTokenSchema });

/** The owner's link in use: the token to build the URL from, and its QR code (an SVG data URL). */
export const LiveLinkSchema = z.object({
  token: z.string(),
  url: z.string(),
  qr_code: z.string(),
  created_at: z.string(),
});
export type LiveLink = z.infer<typeof LiveLinkSchema>;

/** GET …/live-link: the link in use, or null when the protocol is not shared. */
export const LiveLinkStateSchema = z.object({ link: LiveLinkSchema.nullable() });
export type LiveLinkState = z.infer<typeof LiveLinkStateSchema>;

/** A rider's total so far, in the scorecard's words ("12+2 (3,2*,3,2*,2)"). */
export const LiveRiderSchema = z.object({
  name: z.string(),
  team: SideSchema,
  lineup_no: z.number().int(),
  points: z.number().int(),
  bonus_points: z.number().int(),
  score_text: z.string(),
  scorecard: z.string(),
});
export type LiveRider = z.infer<typeof LiveRiderSchema>;

export const LiveRunningScoreSchema = z.object({
  heat_number: z.number().int(),
  home_score: z.number().int(),
  away_score: z.number().int(),
  complete: z.boolean(),
});

/**
 * What a live link shows: the match, the heats, the running score and the riders' totals.
 * `version` is the protocol's revision, raised by every change; the event stream's ids are these.
 */
export const LiveSnapshotSchema = z.object({
  version: z.number().int(),
  ...MatchDetailsSchema.shape,
  status: MatchStatusSchema,
  home_score: z.number().int(),
  away_score: z.number().int(),
  completed_heats: z.number().int(),
  total_heats: z.number().int(),
  heats: z.array(HeatSchema),
  running: z.array(LiveRunningScoreSchema),
  riders: z.array(LiveRiderSchema),
});
export type LiveSnapshot = z.infer<typeof LiveSnapshotSchema>;

const LIVE_MATCH_FIELDS = MatchDetailsSchema.keyof().options;

/**
 * What a live link shows of a protocol at a version: the match's fields by the contract's list
 * (MatchDetails: never the owner, ids or times of the protocol), scores, heats, and the engine's
 * running score and rider totals. One implementation for the server and the web app's tests.
 */
export function liveSnapshotOf(match: Match, version: number): LiveSnapshot {
  const details = Object.fromEntries(LIVE_MATCH_FIELDS.map((field) => [field, match[field]]));
  return {
    ...(details as MatchDetails),
    version,
    status: match.status,
    home_score: match.home_score,
    away_score: match.away_score,
    completed_heats: match.completed_heats,
    total_heats: match.total_heats,
    heats: match.heats,
    running: runningScores(match.heats),
    riders: riderLines(match).map((line) => ({
      name: line.name,
      team: line.team,
      lineup_no: line.lineup_no,
      points: line.points,
      bonus_points: line.bonus_points,
      score_text: line.score_text,
      scorecard: line.scorecard,
    })),
  };
}

/** Event names on GET /api/live/{token}/events (data: a LiveSnapshot, or nothing for 'gone'). */
export const LIVE_EVENTS = { snapshot: 'snapshot', gone: 'gone' } as const;
export type LiveEventName = (typeof LIVE_EVENTS)[keyof typeof LIVE_EVENTS];
