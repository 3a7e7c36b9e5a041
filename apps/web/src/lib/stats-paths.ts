// The statistics' pages (issue 28), linked from every screen that names a rider or a team.

/** A squad rider's or rider identity's id: what GET /api/stats/riders/{id} takes (a uuid). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A rider's page, or null for an id the statistics cannot know: a rider without an id, or one a
 * test or a preview made up. Official line-ups and the protocols started from them carry the squad
 * rider's id, which the server takes for the rider's identity.
 */
export function riderPath(riderId: string | null | undefined): string | null {
  return riderId && UUID.test(riderId) ? `/forare/${riderId}` : null;
}

/** A team's season page. */
export function teamPath(teamId: string): string {
  return `/lag/${encodeURIComponent(teamId)}`;
}
