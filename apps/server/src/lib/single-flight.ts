/**
 * One load at a time per key: a call while a load of its key is under way gets that load's
 * promise instead of starting another, so a burst of requests for what a cache lacks reads it
 * once (the per-instance read caches, ADR 006). The next call after it settles loads again.
 */
export function singleFlight<K, V>() {
  const loading = new Map<K, Promise<V>>();
  return function once(key: K, load: () => Promise<V>): Promise<V> {
    let pending = loading.get(key);
    if (!pending) {
      pending = load().finally(() => loading.delete(key));
      loading.set(key, pending);
    }
    return pending;
  };
}
