/**
 * A Map bounded to `max`, evicting the least recently used entries (a get refreshes one). Each
 * entry counts 1 towards the bound, or what `weigh` says (bytes, say); an entry heavier than the
 * whole bound is not kept.
 */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();
  private weight = 0;

  constructor(
    private readonly max: number,
    private readonly weigh: (value: V) => number = () => 1,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) return undefined;
    // Most recently used last, so the first key is the one to evict.
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: K, value: V): void {
    this.delete(key);
    const weight = this.weigh(value);
    if (weight > this.max) return;
    this.entries.set(key, value);
    this.weight += weight;
    for (const [oldest, old] of this.entries) {
      if (this.weight <= this.max) break;
      this.entries.delete(oldest);
      this.weight -= this.weigh(old);
    }
  }

  clear(): void {
    this.entries.clear();
    this.weight = 0;
  }

  delete(key: K): void {
    const value = this.entries.get(key);
    if (value === undefined) return;
    this.entries.delete(key);
    this.weight -= this.weigh(value);
  }
}
