import { describe, expect, it } from 'vitest';
import { createBatchLoader } from './batch-loader';

/** A fake query that records the keys of each call and answers when told to. */
function recordingLoad() {
  const calls: { keys: string[]; answer: (found: Map<string, string>) => void }[] = [];
  const load = (keys: string[]) =>
    new Promise<Map<string, string>>((resolve) => calls.push({ keys, answer: resolve }));
  return { calls, load };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('createBatchLoader', () => {
  it('sends the keys asked for in one turn of the event loop as one query', async () => {
    const { calls, load } = recordingLoad();
    const get = createBatchLoader(load);
    const answers = Promise.all([get('a'), get('b'), get('a'), get('c')]);
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([['a', 'b', 'c']]);
    calls[0]!.answer(
      new Map([
        ['a', 'A'],
        ['c', 'C'],
      ]),
    );
    expect(await answers).toEqual(['A', undefined, 'A', 'C']);
  });

  it('never joins a key to a query already on its way: it waits for a later one', async () => {
    const { calls, load } = recordingLoad();
    const get = createBatchLoader(load, { maxInFlight: 1 });
    const first = get('s');
    await turn();
    // Asked after the first query left (a revocation may have committed in between).
    const second = get('s');
    await turn();
    expect(calls).toHaveLength(1);
    calls[0]!.answer(new Map([['s', 'live']]));
    expect(await first).toBe('live');
    await turn();
    await turn();
    expect(calls).toHaveLength(2);
    calls[1]!.answer(new Map());
    expect(await second).toBeUndefined();
  });

  it('by default sends one query at a time: a crowd arriving meanwhile shares the next one', async () => {
    const { calls, load } = recordingLoad();
    const get = createBatchLoader(load);
    const first = get('a');
    await turn();
    // Three turns of requests while the first query is out: one query for all of them after it.
    const later: Promise<string | undefined>[] = [];
    for (const key of ['b', 'c', 'd']) {
      later.push(get(key));
      await turn();
    }
    expect(calls.map((c) => c.keys)).toEqual([['a']]);
    calls[0]!.answer(new Map([['a', 'A']]));
    expect(await first).toBe('A');
    await turn();
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([['a'], ['b', 'c', 'd']]);
    calls[1]!.answer(new Map([['d', 'D']]));
    expect(await Promise.all(later)).toEqual([undefined, undefined, 'D']);
  });

  it('splits a crowd into queries of at most maxBatch keys, maxInFlight at a time', async () => {
    const { calls, load } = recordingLoad();
    const get = createBatchLoader(load, { maxBatch: 2, maxInFlight: 2 });
    const all = Promise.all(['a', 'b', 'c', 'd', 'e'].map((k) => get(k)));
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    calls[0]!.answer(new Map([['a', '1']]));
    await turn();
    await turn();
    expect(calls.map((c) => c.keys)).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    calls[1]!.answer(new Map());
    calls[2]!.answer(new Map([['e', '5']]));
    expect(await all).toEqual(['1', undefined, undefined, undefined, '5']);
  });

  it('rejects every caller of a failed query, and the next query still runs', async () => {
    let fail = true;
    const get = createBatchLoader(async (keys: string[]) => {
      if (fail) throw new Error('database gone');
      return new Map(keys.map((k) => [k, k.toUpperCase()]));
    });
    await expect(Promise.all([get('a'), get('b')])).rejects.toThrow('database gone');
    fail = false;
    expect(await get('a')).toBe('A');
  });
});
