import { describe, expect, it } from 'vitest';
import { Lru } from './lru';
import { versionedLoads, type Versioned } from './versioned-loads';

type Load = Versioned & { value: number };

/** A store whose version and value the test moves, counting the reads. */
function store() {
  const state = { version: 1, reads: 0 };
  const read = async (): Promise<Load> => {
    state.reads += 1;
    const version = String(state.version);
    await Promise.resolve();
    return { version, value: state.version * 10 };
  };
  return { state, read };
}

describe('versionedLoads', () => {
  it('reads once per version, and again when a request has seen a newer one', async () => {
    const get = versionedLoads<Load>(new Lru(10));
    const { state, read } = store();
    const burst = await Promise.all([
      get('k', '1', read),
      get('k', '1', read),
      get('k', '1', read),
    ]);
    expect(burst.map((l) => l.value)).toEqual([10, 10, 10]);
    expect(state.reads).toBe(1);
    expect((await get('k', '1', read)).value).toBe(10);
    expect(state.reads).toBe(1);

    state.version = 2;
    expect((await get('k', '2', read)).value).toBe(20);
    expect(state.reads).toBe(2);
  });

  it('reads again after a load that began before the version the request has seen', async () => {
    const get = versionedLoads<Load>(new Lru(10));
    let reads = 0;
    // The first read was labelled with version 1 although the request saw version 2.
    const read = async (): Promise<Load> => {
      reads += 1;
      return reads === 1 ? { version: '1', value: 1 } : { version: '2', value: 2 };
    };
    expect((await get('k', '2', read)).value).toBe(2);
    expect(reads).toBe(2);
  });

  it('reads again once a load is past its validUntil, and keeps nothing for undefined', async () => {
    const get = versionedLoads<Load>(new Lru(10));
    let reads = 0;
    const stale = async (): Promise<Load> => {
      reads += 1;
      return { version: '1', value: reads, validUntil: Date.now() - 1 };
    };
    await get('k', '1', stale);
    expect((await get('k', '1', stale)).value).toBe(2);

    let misses = 0;
    const missing = async (): Promise<Load | undefined> => {
      misses += 1;
      return undefined;
    };
    expect(await get('unknown', '1', missing)).toBeUndefined();
    expect(await get('unknown', '1', missing)).toBeUndefined();
    expect(misses).toBe(2);
  });
});
