import { describe, expect, it } from 'vitest';
import type { Executor } from '../../db/client';
import type { NotifyDeps } from './notify';
import { notifyImport, type Recomparison, type SavedComparison } from './producers';

/** A disputed comparison whose 15 heats all differ, as a round night's random protocols do. */
function disputed(points: number): SavedComparison {
  const heat = (n: number) => ({
    heat_number: n,
    protocol: { gates: [1, 2, 3, 4].map((gate) => ({ gate, rider: `Förare ${gate}`, points })) },
    official: { gates: [1, 2, 3, 4].map((gate) => ({ gate, rider: `Förare ${gate}`, points: 3 })) },
  });
  return {
    status: 'disputed',
    homeScore: 45,
    awayScore: 45,
    discrepancies: [],
    heatDiscrepancies: Array.from({ length: 15 }, (_, i) => heat(i + 1)) as never,
  };
}

describe('an import with a round night of saved copies', () => {
  it('compares them with turns for the event loop, and queues the ones that tell', async () => {
    const recompared: Recomparison[] = Array.from({ length: 2000 }, (_, i) => ({
      userMatchId: `u${i}`,
      userId: `user${i}`,
      matchId: `m${i}`,
      before: disputed(0),
      // Every other copy differs as before (nothing to tell); the rest now differ otherwise.
      after: disputed(i % 2 === 0 ? 0 : 1),
    }));
    let turns = 0;
    let spinning = true;
    const spin = () => {
      if (!spinning) return;
      turns += 1;
      setImmediate(spin);
    };
    setImmediate(spin);
    let queued: { recompared: { userMatchId: string }[] } | undefined;
    let turnsWhenQueued = 0;
    const deps = {
      jobs: {
        send: async (_queue: string, job: typeof queued) => {
          turnsWhenQueued = turns;
          queued = job;
        },
      },
    } as unknown as NotifyDeps;
    await notifyImport(deps, {} as Executor, {
      importId: 'i',
      matchIds: [],
      createdMatchIds: [],
      recompared,
    });
    spinning = false;
    expect(queued?.recompared.map((r) => r.userMatchId)).toEqual(
      recompared.filter((_, i) => i % 2 === 1).map((r) => r.userMatchId),
    );
    // Done in one go, the loop would have had no turn before the job was queued.
    expect(turnsWhenQueued).toBeGreaterThan(1);
  });
});
