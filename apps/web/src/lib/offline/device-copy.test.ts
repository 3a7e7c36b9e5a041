import 'fake-indexeddb/auto';
import type { Match } from '@speedway/contracts';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { queryKeys } from '@/lib/query-keys';
import { makeMatch } from '@/testing/protocol-data';
import { closeOfflineDb, readQueries } from './db';
import { applyToDeviceCopy } from './device-copy';
import { persistQueries, restoreQueries } from './persist-queries';
import { heatOneReply } from './testing/entries';
import { freshIndexedDb } from './testing/fake-server';

const A = 'user-a';

beforeEach(freshIndexedDb);
afterEach(closeOfflineDb);

describe('applyToDeviceCopy', () => {
  it("writes a reply the service worker got into the user's copy, as a page would", async () => {
    const match = { ...makeMatch(), id: 'm1' };
    const page = new QueryClient();
    page.setQueryData(queryKeys.match('m1'), match);
    await persistQueries(page, A);

    await applyToDeviceCopy(
      { kind: 'heat', matchId: 'm1', userId: A },
      { kind: 'reply', reply: heatOneReply(match) },
    );

    const next = new QueryClient();
    expect(await restoreQueries(next, A)).toBe(true);
    const kept = next.getQueryData<Match>(queryKeys.match('m1'));
    expect(kept?.home_score).toBe(4);
    expect(kept?.heats[0]?.rr).toBe(true);
  });

  it('keeps no copy for a user who had none', async () => {
    const match = { ...makeMatch(), id: 'm1' };
    await applyToDeviceCopy(
      { kind: 'heat', matchId: 'm1', userId: A },
      { kind: 'reply', reply: heatOneReply(match) },
    );
    expect(await readQueries(A)).toBeUndefined();
  });
});
