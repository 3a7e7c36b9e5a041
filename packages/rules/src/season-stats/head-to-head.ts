import type { MeetingRide, HeadToHead, Meeting, StatsMatch } from './types';
import { aheadOf, heatsRidden } from './meetings';
import type { Ride } from './rides';
import { seasonRides } from './season';

function meetingRide(ride: Ride): MeetingRide {
  return {
    gate: ride.gate,
    team_id: ride.team_id,
    position: ride.result.position,
    status: ride.result.status,
    points: ride.result.points,
    code: ride.result.code ?? null,
  };
}

/**
 * Every heat of the matches where both riders had a result (team-mates too: they race each other
 * as well), oldest first, and who finished ahead (meetings.ts aheadOf).
 */
export function headToHead(
  matches: readonly StatsMatch[],
  riderId: string,
  opponentId: string,
): HeadToHead {
  const meetings: Meeting[] = [];
  for (const rides of heatsRidden(seasonRides(matches)).values()) {
    const mine = rides.find((ride) => ride.rider.rider_id === riderId);
    const theirs = rides.find((ride) => ride.rider.rider_id === opponentId);
    if (!mine || !theirs || riderId === opponentId) continue;
    meetings.push({
      match_id: mine.match.id,
      starts_at: mine.match.starts_at,
      heat_number: mine.heat_number,
      rider: meetingRide(mine),
      opponent: meetingRide(theirs),
      ahead: aheadOf(mine.result, theirs.result),
    });
  }
  return {
    rider_id: riderId,
    opponent_id: opponentId,
    met: meetings.length,
    ahead: meetings.filter((meeting) => meeting.ahead === 'rider').length,
    behind: meetings.filter((meeting) => meeting.ahead === 'opponent').length,
    meetings,
  };
}
