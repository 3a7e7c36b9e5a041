import { describe, expect, it } from 'vitest';
import { singleFlight } from './single-flight';

describe('singleFlight', () => {
  it('gives calls during a load of their key that load, and loads again once it settled', async () => {
    const once = singleFlight<string, number>();
    let loads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const load = async () => {
      loads += 1;
      await gate;
      return loads;
    };
    const first = once('a', load);
    const second = once('a', load);
    const other = once('b', load);
    release();
    expect(await Promise.all([first, second, other])).toEqual([2, 2, 2]);
    expect(loads).toBe(2);
    expect(await once('a', load)).toBe(3);
  });

  it('lets the next call load again after a load failed', async () => {
    const once = singleFlight<string, string>();
    await expect(once('a', () => Promise.reject(new Error('nej')))).rejects.toThrow('nej');
    expect(await once('a', () => Promise.resolve('ja'))).toBe('ja');
  });
});
