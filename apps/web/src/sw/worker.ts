import { navigationPage } from './navigation';
import { cacheShell, dropOtherShells, fromShell, type ShellBuild } from './precache';
import { SKIP_WAITING } from './messages';
import { listenForPush } from './push';
import { listenForSync } from './sync';

/** A path with a file extension: a missing one is a real 404, never the app's shell. */
const FILE_PATH = /\.[a-z0-9]{2,5}$/i;

/**
 * The file of the build that answers a request, or null when the request goes to the network
 * untouched: anything but a same-origin GET, the API (never cached), and files the build lacks.
 * A navigation gets its route's prerendered page, else the generic shell (index.html).
 */
export function shellFileFor(
  request: Request,
  origin: string,
  shell: ShellBuild,
  precached: ReadonlySet<string>,
): string | null {
  if (request.method !== 'GET') return null;
  const url = new URL(request.url);
  if (url.origin !== origin) return null;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return null;
  if (precached.has(url.pathname)) return url.pathname;
  if (request.mode === 'navigate' && !FILE_PATH.test(url.pathname))
    return navigationPage(shell.routes, url.pathname);
  return null;
}

/**
 * The service worker (ADR 010 §1): keeps one build's files in a cache of its own and answers
 * from it first, so the app starts without a network and a page never mixes two builds' chunks.
 * The first install takes over at once; a later one waits until the app asks (SKIP_WAITING,
 * after the user chose 'Ladda om') or every tab of the old version has closed.
 */
export function startWorker(scope: ServiceWorkerGlobalScope, shell: ShellBuild): void {
  const precached = new Set(shell.entries.map((entry) => entry.url));
  scope.addEventListener('install', (event) => {
    if (!scope.registration.active) void scope.skipWaiting();
    event.waitUntil(cacheShell(scope.caches, shell, scope.location.origin));
  });

  scope.addEventListener('activate', (event) => {
    // Takes the pages opened before the first install. On every activation, not only the first:
    // a flag kept from install could be lost, as the browser may stop the worker in between. After
    // an update the old worker's pages move over anyway (lib/service-worker.ts reloads them).
    event.waitUntil(Promise.all([dropOtherShells(scope.caches, shell), scope.clients.claim()]));
  });

  scope.addEventListener('message', (event) => {
    const data: unknown = event.data;
    if (typeof data === 'object' && data !== null && 'type' in data && data.type === SKIP_WAITING)
      void scope.skipWaiting();
  });

  scope.addEventListener('fetch', (event) => {
    const file = shellFileFor(event.request, scope.location.origin, shell, precached);
    if (file === null) return;
    event.respondWith(
      fromShell(scope.caches, shell, file).then((cached) => cached ?? scope.fetch(event.request)),
    );
  });

  listenForPush(scope);
  listenForSync(scope);
}
