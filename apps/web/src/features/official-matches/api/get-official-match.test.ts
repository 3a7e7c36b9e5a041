import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '@/lib/query-client';
import { queryKeys } from '@/lib/query-keys';
import { signInAs } from '@/testing/data';
import { apiError, stubFetch } from '@/testing/fetch-stub';
import { makeOfficialDetail } from '@/testing/protocol-data';
import { refereeOf } from './get-official-match';

afterEach(() => vi.restoreAllMocks());

describe('refereeOf (the referee on a printed protocol)', () => {
  const match = makeOfficialDetail({ referee: 'Krister Gardell' });
  const path = `GET /api/official-matches/${match.id}`;

  it('takes the shown match from the cache, else asks the server', async () => {
    signInAs();
    const network = stubFetch({ [path]: { json: match } });
    const cached = createQueryClient();
    cached.setQueryData(queryKeys.officialMatch(match.id), match);
    expect(await refereeOf(cached, match.id)).toBe('Krister Gardell');
    expect(network.calls).toHaveLength(0);
    expect(await refereeOf(createQueryClient(), match.id)).toBe('Krister Gardell');
    expect(network.callsTo(path)).toHaveLength(1);
  });

  it('is null without an official match, offline, or when the server fails', async () => {
    signInAs();
    const network = stubFetch({ [path]: apiError(500, 'INTERNAL_ERROR', 'Serverfel') });
    expect(await refereeOf(createQueryClient(), null)).toBeNull();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    expect(await refereeOf(createQueryClient(), match.id)).toBeNull();
    expect(network.calls).toHaveLength(0);
    vi.restoreAllMocks();
    expect(await refereeOf(createQueryClient(), match.id)).toBeNull();
  });
});
