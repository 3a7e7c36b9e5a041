import type { Match } from '@speedway/contracts';
import { applyHeatSave, protocolDerived, heatSaveInputOf } from '@speedway/rules';
import { apiError, stubFetch, type StubRequest } from '@/testing/fetch-stub';
import { MATCH_ID } from '@/testing/protocol-data';

import { toMatchState } from '../lib/match-state';

type Routes = Parameters<typeof stubFetch>[0];

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
    current = { ...current, heats: outcome.match.heats, ...derived };
    return { json: { heat: outcome.heat, ...derived } };
  };
  const network = stubFetch({
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
