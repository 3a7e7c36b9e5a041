import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('evicts the least recently used entry when full; a get refreshes an entry', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    expect(lru.get('a')).toBe(1); // a is now the most recent
    lru.set('c', 3); // evicts b
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(1);
    expect(lru.get('c')).toBe(3);
    expect(lru.size).toBe(2);
  });

  it('replacing a key does not evict another', () => {
    const lru = new Lru<string, number>(2);
    lru.set('a', 1);
    lru.set('b', 2);
    lru.set('a', 10);
    expect([lru.get('a'), lru.get('b')]).toEqual([10, 2]);
    lru.delete('a');
    expect(lru.get('a')).toBeUndefined();
  });

  it('bounds the weight of its entries when told what each weighs, and keeps none heavier than all', () => {
    const lru = new Lru<string, string>(10, (value) => value.length);
    lru.set('a', 'xxxx');
    lru.set('b', 'xxxx');
    lru.set('c', 'xxxx'); // 12 > 10: a goes
    expect([lru.get('a'), lru.get('b'), lru.get('c')]).toEqual([undefined, 'xxxx', 'xxxx']);
    lru.set('b', 'x'); // replaced: its old weight no longer counts
    lru.set('d', 'xxxxx'); // 1 + 4 + 5 = 10: all kept
    expect(lru.size).toBe(3);
    lru.set('e', 'x'.repeat(11));
    expect(lru.get('e')).toBeUndefined();
    expect(lru.size).toBe(3);
  });

  it('forgets everything on clear, and counts its weight again from nothing', () => {
    const lru = new Lru<string, string>(4, (value) => value.length);
    lru.set('a', 'xxxx');
    lru.clear();
    expect([lru.size, lru.get('a')]).toEqual([0, undefined]);
    lru.set('b', 'xxxx');
    expect(lru.get('b')).toBe('xxxx');
  });
});
