import type { HeatSaveResponse, Match, OfficialHeat } from '@speedway/contracts';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

export function api(t: TestApp, token: string | undefined) {
  return (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
    t.request({
      method,
      url,
      ...(token ? { token } : {}),
      ...(payload !== undefined ? { payload: payload as object } : {}),
      headers: { 'content-type': 'application/json' },
    });
}

export async function startProtocol(t: TestApp, token: string, officialId: string): Promise<Match> {
  const res = await api(t, token)('POST', '/api/matches/from-official', {
    official_match_id: officialId,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Match;
}

export async function getProtocol(t: TestApp, token: string, id: string): Promise<Match> {
  const res = await api(t, token)('GET', `/api/matches/${id}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Match;
}

function riderId(match: Match, team: 'H' | 'A', no: number): string {
  const rider = match.lineups[team === 'H' ? 'home' : 'away'].find((r) => r.lineup_no === no);
  if (!rider) throw new Error(`no rider ${team}${no}`);
  return rider.rider_id;
}

/**
 * Registers one official heat through the API as the protocol screen would: the nomination of a
 * nominated heat, then the riders who differ from the heat's (with manual unlock for R/R, as a
 * tactical reserve otherwise) and the results. Returns the heat save's answer.
 */
export async function registerHeat(
  t: TestApp,
  token: string,
  match: Match,
  official: OfficialHeat,
): Promise<{ match: Match; saved: HeatSaveResponse }> {
  const call = api(t, token);
  const n = official.heat;
  const assignments = Object.fromEntries(
    official.riders.map((r) => [String(r.gate), riderId(match, r.team, r.no)]),
  );
  let current = match;
  if (match.meta.rules.nominated_heats.includes(n)) {
    const homeGate = official.riders.find((r) => r.team === 'H')!.gate;
    const ids = (team: 'H' | 'A') =>
      official.riders.filter((r) => r.team === team).map((r) => riderId(match, team, r.no));
    const res = await call('PUT', `/api/matches/${match.id}/nominations`, {
      [`heat${n}`]: {
        assignments,
        home_gates: homeGate % 2 === 1 ? '1-3' : '2-4',
        home: ids('H'),
        away: ids('A'),
      },
    });
    expect(res.statusCode, `nomination of heat ${n}: ${res.body}`).toBe(200);
    current = res.json() as Match;
  }
  const heat = current.heats.find((h) => h.heat_number === n)!;
  const changed = Object.fromEntries(
    Object.entries(assignments).filter(([lane, id]) => heat.riders[lane as '1']?.rider_id !== id),
  );
  const res = await call('POST', `/api/matches/${match.id}/heat/${n}/save`, {
    ...(Object.keys(changed).length > 0 ? { assignments: changed } : {}),
    results: official.riders.map((r) => ({
      rider_id: riderId(match, r.team, r.no),
      position: r.position,
      status: r.status,
    })),
    rr: official.riders.some((r) => r.code === 'RR'),
  });
  expect(res.statusCode, `heat ${n}: ${res.body}`).toBe(200);
  const saved = res.json() as HeatSaveResponse;
  return {
    saved,
    match: {
      ...current,
      heats: current.heats.map((h) => (h.heat_number === n ? saved.heat : h)),
    },
  };
}

/** "(3,2*,X) 5+1" per rider name, from the heats as the API returns them. */
export function riderLines(match: Match): Record<string, string> {
  const lines: Record<string, string> = {};
  for (const rider of [...match.lineups.home, ...match.lineups.away]) {
    const marks: string[] = [];
    let points = 0;
    let bonus = 0;
    for (const heat of [...match.heats].sort((a, b) => a.heat_number - b.heat_number)) {
      const result = heat.results.find((r) => r.rider_id === rider.rider_id);
      if (!result) continue;
      points += result.points;
      bonus += result.bonus_points;
      marks.push(
        result.status === 'excluded'
          ? 'X'
          : `${result.points}${result.bonus_points > 0 ? '*' : ''}`,
      );
    }
    lines[rider.name] = `(${marks.join(',') || '-'}) ${points}${bonus > 0 ? `+${bonus}` : ''}`;
  }
  return lines;
}

/** A protocol of an official match with every heat registered as given (through the API). */
export async function completeProtocol(
  t: TestApp,
  token: string,
  officialId: string,
  heats: readonly OfficialHeat[],
): Promise<Match> {
  let match = await startProtocol(t, token, officialId);
  for (const heat of heats) match = (await registerHeat(t, token, match, heat)).match;
  return match;
}
