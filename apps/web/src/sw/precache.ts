import type { PrerenderedRoute } from './navigation';

/** One file of the build the worker keeps; `revision` is its content hash, null where the name is. */
export type PrecacheEntry = { url: string; revision: string | null };

/**
 * What build/service-worker.ts inlines into /sw.js: every file of the build (pages, routes.json,
 * assets, icons, manifest), the prerendered routes, and `version`, a hash of both, which names the
 * cache. Any change to the build changes the worker's bytes, so the browser installs it anew.
 */
export type ShellBuild = {
  version: string;
  entries: PrecacheEntry[];
  routes: PrerenderedRoute[];
};

export const SHELL_CACHE_PREFIX = 'speedway-shell-';

export function shellCacheName(shell: ShellBuild): string {
  return `${SHELL_CACHE_PREFIX}${shell.version}`;
}

/**
 * Downloads every file of the build into this version's cache, all or nothing. Hashed assets may
 * come from the HTTP cache (they never change); the rest is revalidated with the server.
 */
export async function cacheShell(
  caches: CacheStorage,
  shell: ShellBuild,
  origin: string,
): Promise<void> {
  const cache = await caches.open(shellCacheName(shell));
  await cache.addAll(
    shell.entries.map(({ url, revision }) => {
      const absolute = new URL(url, origin).href;
      return revision === null ? absolute : new Request(absolute, { cache: 'no-cache' });
    }),
  );
}

/** Deletes the caches of earlier versions (never anything that is not a shell cache). */
export async function dropOtherShells(caches: CacheStorage, shell: ShellBuild): Promise<void> {
  const current = shellCacheName(shell);
  const names = await caches.keys();
  await Promise.all(
    names
      .filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== current)
      .map((name) => caches.delete(name)),
  );
}

/** The cached copy of a file of this version, if the browser has kept it. */
export async function fromShell(
  caches: CacheStorage,
  shell: ShellBuild,
  url: string,
): Promise<Response | undefined> {
  const cache = await caches.open(shellCacheName(shell));
  return cache.match(url, { ignoreVary: true });
}
