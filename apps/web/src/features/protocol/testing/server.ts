import type { Match } from '@speedway/contracts';
import { applyHeatSave, protocolDerived, heatSaveInputOf } from '@speedway/rules';
import { apiError, stubFetch, type Routes, type StubRequest } from '@/testing/fetch-stub';
import { layoutRoutes } from '@/testing/layout-routes';
import { AWAY_TEAM_ID, HOME_TEAM_ID, MATCH_ID } from '@/testing/protocol-data';

import { toMatchState } from '../lib/match-state';

/** The squads the protocol page fetches with the protocol (to be on the device at the track). */
export function squadRoutes(
  match: Pick<Match, 'home_team_id' | 'away_team_id'> = {
    home_team_id: HOME_TEAM_ID,
    away_team_id: AWAY_TEAM_ID,
  },
): Routes {
  const none = { json: { mains: [], reserves: [] } };
  return {
    [`GET /api/teams/${match.home_team_id}/riders`]: none,
    [`GET /api/teams/${match.away_team_id}/riders`]: none,
  };
}

export const SAVE = (n: number) => `POST /api/matches/${MATCH_ID}/heat/${n}/save`;

/**
 * A server that applies heat saves with the engine, as the real one does; `current()` is what it
 * holds, `set()` changes it as another device would.
 */
export function serve(initial: Match, overrides: Routes = {}) {
  let current = initial;
  const save = (request: StubRequest) => {
    const n = Number(request.path.split('/')[5]);
    const outcome = applyHeatSave(toMatchState(current), n, heatSaveInputOf(request.body as never));
    if (!outcome.ok)
      return apiError(outcome.error.status, outcome.error.code, outcome.error.message);
    const derived = protocolDerived(outcome.match);
    const updated_at = new Date().toISOString();
    current = { ...current, heats: outcome.match.heats, ...derived, updated_at };
    return { json: { heat: outcome.heat, ...derived, updated_at } };
  };
  const network = stubFetch({
    ...layoutRoutes(),
    ...squadRoutes(initial),
    [`GET /api/matches/${MATCH_ID}`]: () => ({ json: current }),
    ...Object.fromEntries(Array.from({ length: 15 }, (_, i) => [SAVE(i + 1), save])),
    ...overrides,
  });
  return {
    ...network,
    current: () => current,
    set: (next: Match) => (current = next),
  };
}
