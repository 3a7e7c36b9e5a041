import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { officialSyncRuns } from '../src/db/schema';
import { scheduledSync } from '../src/features/official/sync/sync.service';
import { createTestApp, startSecondInstance, type TestApp } from './test-app';
import { PIR_HAM_ID, savedPages } from './svemo-ta/saved-pages';
import { serve2012, storedMatch, syncContext } from './svemo-ta/sync-harness';
import { startTaStandIn, type TaStandIn } from './svemo-ta/ta-stand-in';

// The schedule's tick runs in every instance; a due run happens once, on one of them.

let a: TestApp;
let b: TestApp;
let standIn: TaStandIn;
let ctxA: Awaited<ReturnType<typeof syncContext>>;
let ctxB: Awaited<ReturnType<typeof syncContext>>;
beforeAll(async () => {
  a = await createTestApp();
  b = await startSecondInstance(a);
  standIn = await startTaStandIn();
  serve2012(standIn, { [PIR_HAM_ID]: savedPages.pirHam() });
  ctxA = await syncContext(a, standIn);
  ctxB = await syncContext(b, standIn);
});
afterAll(async () => {
  await ctxA.close();
  await ctxB.close();
  await standIn.close();
  await b.close();
  await a.close();
});

const runCount = async () => (await a.db.select({ n: count() }).from(officialSyncRuns))[0]!.n;

describe('the scheduled sync with two instances on one database', () => {
  it('a due tick on both instances at once runs the sync once, and imports the match', async () => {
    const now = new Date('2012-07-20T10:00:00Z');
    const [fromA, fromB] = await Promise.all([scheduledSync(ctxA, now), scheduledSync(ctxB, now)]);
    expect([fromA, fromB].filter((run) => run !== null)).toHaveLength(1);
    expect((fromA ?? fromB)!).toMatchObject({
      trigger: 'schedule',
      status: 'done',
      counts: { imported: 1 },
    });
    expect(await runCount()).toBe(1);
    expect(await storedMatch(a, 'svemo-ta-1259')).toMatchObject({ homeTeamId: expect.any(String) });
  });

  it('asks rarely on a day without a match: not again within six hours', async () => {
    const later = new Date(Date.now() + 5 * 3600 * 1000);
    expect(await scheduledSync(ctxA, later)).toBeNull();
    expect(await runCount()).toBe(1);
    const run = await scheduledSync(ctxB, new Date(Date.now() + 6 * 3600 * 1000 + 1000));
    expect(run).toMatchObject({ status: 'done', counts: { unchanged: 1 } });
  });

  it('asks every five minutes from 18:00 on a day with a match in the app', async () => {
    // The match imported above is on 2012-07-24: the ticks below are on that day, with the last
    // run moved to its noon.
    await a.db.update(officialSyncRuns).set({ startedAt: new Date('2012-07-24T12:00:00Z') });
    const at = (time: string) => new Date(`2012-07-24T${time}:00+02:00`);
    expect(await scheduledSync(ctxA, at('17:30'))).toBeNull();
    expect(await scheduledSync(ctxA, at('18:00'))).toMatchObject({ status: 'done' });
    await a.db.update(officialSyncRuns).set({ startedAt: at('18:00') });
    expect(await scheduledSync(ctxB, at('18:04'))).toBeNull();
    expect(await scheduledSync(ctxB, at('18:05'))).toMatchObject({ status: 'done' });
  });
});
