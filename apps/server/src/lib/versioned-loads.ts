import type { Lru } from './lru';
import { singleFlight } from './single-flight';

/** A value read from the database, labelled with the version of the data it was read at. */
export type Versioned = {
  /** The data's version when the read began (data_versions), as its decimal text. */
  version: string;
  /** When the value goes stale whatever the version (ms since the epoch); never when absent. */
  validUntil?: number;
};

/**
 * The per-instance read caches' core (ADR 006): loads kept per key in `kept` while their version
 * holds, one load at a time per key (requests that arrive during a load wait for it). A request
 * names the version it has seen (read with its session, so checking costs no round trip); a kept
 * load of another version, or past its `validUntil`, is read again. A read that gives undefined
 * (nothing to keep, an unknown id say) is not kept.
 */
export function versionedLoads<L extends Versioned>(kept: Lru<string, L>) {
  const once = singleFlight<string, L | undefined>();

  function loadOnce(key: string, read: () => Promise<L | undefined>) {
    return once(key, async () => {
      const loaded = await read();
      if (loaded !== undefined) kept.set(key, loaded);
      return loaded;
    });
  }

  return async function get<R extends L | undefined>(
    key: string,
    version: string,
    read: () => Promise<R>,
  ): Promise<R> {
    const hit = kept.get(key);
    if (hit && hit.version === version && Date.now() < (hit.validUntil ?? Infinity))
      return hit as R;
    const loaded = (await loadOnce(key, read)) as R;
    // A load that began before the change this request has seen: read once more, after it.
    if (loaded && Number(loaded.version) < Number(version)) return (await loadOnce(key, read)) as R;
    return loaded;
  };
}
