import type { RulebookId } from '../rulebooks';
import type { Heat, Lineups, Side } from '../types';

// Season statistics from official heats (issue 28). Input and output are plain data; a rider is
// named by the id the caller gives (the server passes rider identities: one person across teams
// and seasons), a team by its id. Field names are the API's (snake_case).

/** One official match with its stored heats, as the statistics read it. */
export interface StatsMatch {
  id: string;
  season: number | null;
  /** ISO instant, or null when the source gave no start. */
  starts_at: string | null;
  rulebook: RulebookId;
  home_team_id: string;
  away_team_id: string;
  home_score: number;
  away_score: number;
  /** rider_id here is the rider's identity (the caller maps squad entries to identities). */
  lineups: Lineups;
  /** The official heats (rider_id as in `lineups`); a match without published heats has []. */
  heats: Heat[];
}

/** Why a rider was in a heat. */
export type RideKind = 'programmed' | 'reserve' | 'tactical' | 'nominated';
export const RIDE_KINDS: readonly RideKind[] = ['programmed', 'reserve', 'tactical', 'nominated'];

/** Starts from one gate (1–4). */
export interface GateLine {
  gate: 1 | 2 | 3 | 4;
  starts: number;
  wins: number;
  points: number;
  /** points ÷ starts, 0 without starts. */
  points_per_start: number;
}

export interface KindLine {
  kind: RideKind;
  heats: number;
  points: number;
  bonus_points: number;
}

/** A rider's season, as the ranking lists it. */
export interface RiderSeasonLine {
  rider_id: string;
  name: string;
  /** The teams he rode for this season, in the order of his first match for each. */
  team_ids: string[];
  matches: number;
  /** Rides: heats with a result for him (an exclusion counts as a ride, as TA counts it). */
  heats: number;
  points: number;
  bonus_points: number;
  /** Svemo's "Löp. snitt": points ÷ heats (no bonus); 0 without heats. */
  average: number;
  /** (points + bonus) ÷ heats; 0 without heats. */
  paid_average: number;
  wins: number;
  /** Matches where he won every ride (at least MAXIMUM_MIN_RIDES rides). */
  full_maximums: number;
  /** Matches where points + bonus = 3 × rides without a full maximum (same minimum). */
  paid_maximums: number;
  exclusions: number;
  /** Rides per TA code other than OK ('F', 'X', 'N', …), when the source gave codes. */
  codes: Record<string, number>;
}

/** One match of a rider's season. */
export interface RiderMatchLine {
  match_id: string;
  starts_at: string | null;
  team_id: string;
  opponent_id: string;
  side: Side;
  heats: number;
  points: number;
  bonus_points: number;
  /** One mark per ride in heat order: points, '*' after a bonus, 'X' when excluded. */
  marks: string[];
}

export interface OpponentLine {
  rider_id: string;
  name: string;
  /** Heats where both rode. */
  met: number;
  /** Heats where the rider finished ahead of this opponent; neither when both failed to finish. */
  ahead: number;
  behind: number;
}

export interface RiderSeason {
  line: RiderSeasonLine;
  gates: GateLine[];
  kinds: KindLine[];
  /** Newest first. */
  matches: RiderMatchLine[];
  /** Most heats met first, then name. */
  opponents: OpponentLine[];
}

/** One rider's part of a head-to-head heat. */
export interface MeetingRide {
  gate: 1 | 2 | 3 | 4;
  team_id: string;
  position: number;
  status: 'completed' | 'excluded';
  points: number;
  code: string | null;
}

export interface Meeting {
  match_id: string;
  starts_at: string | null;
  heat_number: number;
  rider: MeetingRide;
  opponent: MeetingRide;
  /** Who finished ahead; null when neither did (both excluded or both without a placing). */
  ahead: 'rider' | 'opponent' | null;
}

export interface HeadToHead {
  rider_id: string;
  opponent_id: string;
  met: number;
  ahead: number;
  behind: number;
  /** Oldest first, by start then heat number. */
  meetings: Meeting[];
}

export interface VenueRecord {
  matches: number;
  wins: number;
  draws: number;
  losses: number;
  points_for: number;
  points_against: number;
}

export interface TeamFormLine {
  match_id: string;
  starts_at: string | null;
  side: Side;
  opponent_id: string;
  score_for: number;
  score_against: number;
  result: 'V' | 'O' | 'F';
}

export interface TeamSeason {
  team_id: string;
  home: VenueRecord;
  away: VenueRecord;
  /** Oldest first. */
  form: TeamFormLine[];
  /** The team's riders' starts per gate, in all matches, at home and away. */
  gates: { all: GateLine[]; home: GateLine[]; away: GateLine[] };
  /** The team's riders this season by average (best first), counted in this team's matches only. */
  riders: RiderSeasonLine[];
}
