import type { Match, OfficialHeat } from '@speedway/contracts';
import type { Heat } from '@speedway/rules';
import { sql } from 'drizzle-orm';
import { syntheticKlassisk } from './official-data';
import type { TestApp } from './test-app';

// The writes the offline outbox replays, sent as it sends them: with an Idempotency-Key
// (ADR 009) and an If-Match tag (ADR 010) when given.

export function send(
  t: TestApp,
  token: string,
  method: 'POST' | 'PUT',
  url: string,
  payload: object,
  key?: string,
  ifMatch?: string,
) {
  return t.request({
    method,
    url,
    token,
    payload,
    headers: {
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
      ...(ifMatch !== undefined ? { 'if-match': ifMatch } : {}),
    },
  });
}

/** Results in lane order with these positions. */
export function results(heat: Pick<Heat, 'riders'>, positions: number[]) {
  return (['1', '2', '3', '4'] as const).map((lane, i) => ({
    rider_id: heat.riders[lane]!.rider_id,
    position: positions[i]!,
    status: 'completed',
  }));
}

export function saveHeat(
  t: TestApp,
  token: string,
  match: Match,
  n: number,
  positions: number[],
  key?: string,
  ifMatch?: string,
) {
  const heat = match.heats.find((h) => h.heat_number === n)!;
  const url = `/api/matches/${match.id}/heat/${n}/save`;
  return send(t, token, 'POST', url, { results: results(heat, positions) }, key, ifMatch);
}

const official = syntheticKlassisk().matches[0]!.result;

/** Heat 15's nomination as the protocol screen sends it for the synthetic match's heat 15. */
export function heat15Nomination(match: Match) {
  const heat = official.heats.find((h: OfficialHeat) => h.heat === 15)!;
  const rider = (team: 'H' | 'A', no: number) =>
    match.lineups[team === 'H' ? 'home' : 'away'].find((r) => r.lineup_no === no)!.rider_id;
  const homeGate = heat.riders.find((r) => r.team === 'H')!.gate;
  return {
    heat15: {
      assignments: Object.fromEntries(
        heat.riders.map((r) => [String(r.gate), rider(r.team, r.no)]),
      ),
      home_gates: homeGate % 2 === 1 ? '1-3' : '2-4',
      home: heat.riders.filter((r) => r.team === 'H').map((r) => rider('H', r.no)),
      away: heat.riders.filter((r) => r.team === 'A').map((r) => rider('A', r.no)),
    },
  };
}

/** The protocol's revision: every committed change raises it. */
export async function revision(t: TestApp, id: string): Promise<number> {
  const r = await t.db.execute<{ revision: number }>(
    sql`SELECT revision FROM matches WHERE id = ${id}`,
  );
  return r.rows[0]!.revision;
}

/** How many replies are stored under the key (any user, any route). */
export async function storedKeys(t: TestApp, key: string): Promise<number> {
  const r = await t.db.execute<{ n: number }>(
    sql`SELECT count(*)::int AS n FROM idempotency_keys WHERE key = ${key}`,
  );
  return r.rows[0]!.n;
}
