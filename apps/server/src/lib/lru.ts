/** A Map bounded to `maxEntries`, evicting the least recently used entry (a get refreshes it). */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(private readonly maxEntries: number) {}

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
    this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) {
      this.entries.delete(this.entries.keys().next().value as K);
    }
    this.entries.set(key, value);
  }

  delete(key: K): void {
    this.entries.delete(key);
  }
}
