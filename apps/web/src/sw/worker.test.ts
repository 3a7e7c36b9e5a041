import { describe, expect, it } from 'vitest';
import { SKIP_WAITING } from './messages';
import type { ShellBuild } from './precache';
import { fakeScope, ORIGIN } from './testing/fake-scope';
import { startWorker } from './worker';

const SHELL: ShellBuild = {
  version: 'v2',
  entries: [
    { url: '/assets/index-abc123.js', revision: null },
    { url: '/index.html', revision: '1111' },
    { url: '/manifest.webmanifest', revision: '2222' },
    { url: '/prerendered/home.html', revision: '3333' },
    { url: '/prerendered/match-id.html', revision: '4444' },
    { url: '/prerendered/routes.json', revision: '5555' },
  ],
  routes: [
    { path: '/', file: 'prerendered/home.html' },
    { path: '/match/:id', file: 'prerendered/match-id.html' },
  ],
};

function installedWorker({ active = false } = {}) {
  const worker = fakeScope({ active });
  startWorker(worker.scope, SHELL);
  return worker;
}

async function activeWorker() {
  const worker = installedWorker();
  await worker.dispatch('install');
  await worker.dispatch('activate');
  worker.fake.fetch.mockClear();
  return worker;
}

describe('install and activate', () => {
  it('caches every file of the build, revalidating those whose name has no hash', async () => {
    const { dispatch, caches } = installedWorker();
    await dispatch('install');
    expect([...caches.stores.keys()]).toEqual(['speedway-shell-v2']);
    expect([...caches.stores.get('speedway-shell-v2')!.keys()]).toEqual(
      SHELL.entries.map((entry) => entry.url),
    );
    expect(caches.fetched).toContainEqual({
      url: `${ORIGIN}/assets/index-abc123.js`,
      cache: undefined,
    });
    expect(caches.fetched).toContainEqual({ url: `${ORIGIN}/index.html`, cache: 'no-cache' });
  });

  it('fails the install when a file cannot be fetched (no half cache)', async () => {
    const worker = fakeScope({
      network: (request) =>
        new Response('', { status: request.url.endsWith('.webmanifest') ? 404 : 200 }),
    });
    startWorker(worker.scope, SHELL);
    await expect(worker.dispatch('install')).rejects.toThrow(/manifest\.webmanifest/);
    expect(worker.caches.stores.get('speedway-shell-v2')?.size ?? 0).toBe(0);
  });

  it('takes over at once and claims the open pages on a first install', async () => {
    const { fake, dispatch } = installedWorker();
    await dispatch('install');
    expect(fake.skipWaiting).toHaveBeenCalled();
    await dispatch('activate');
    expect(fake.clients.claim).toHaveBeenCalled();
  });

  it('waits on an update until the app posts SKIP_WAITING', async () => {
    const { fake, dispatch } = installedWorker({ active: true });
    await dispatch('install');
    expect(fake.skipWaiting).not.toHaveBeenCalled();
    await dispatch('message', { data: { type: 'something else' } });
    await dispatch('message', { data: SKIP_WAITING });
    expect(fake.skipWaiting).not.toHaveBeenCalled();
    await dispatch('message', { data: { type: SKIP_WAITING } });
    expect(fake.skipWaiting).toHaveBeenCalledOnce();
  });

  it('claims the pages on every activation, a worker restarted after its install too', async () => {
    const { fake, dispatch } = installedWorker({ active: true });
    await dispatch('activate');
    expect(fake.clients.claim).toHaveBeenCalled();
  });

  it('drops the caches of earlier versions on activate, and nothing else', async () => {
    const { caches, dispatch } = installedWorker();
    await caches.open('speedway-shell-v1');
    await caches.open('someone-else');
    await dispatch('install');
    await dispatch('activate');
    expect(await caches.keys()).toEqual(['someone-else', 'speedway-shell-v2']);
  });
});

describe('fetch', () => {
  it('answers a navigation with its route’s prerendered page from the cache', async () => {
    const { request, fake } = await activeWorker();
    const { response } = await request('/match/42?tab=heats', { mode: 'navigate' });
    expect(await response?.text()).toBe('body of /prerendered/match-id.html');
    expect((await (await request('/', { mode: 'navigate' })).response?.text()) ?? '').toBe(
      'body of /prerendered/home.html',
    );
    expect(fake.fetch).not.toHaveBeenCalled();
  });

  it('answers any other page with the generic shell, and a missing file not at all', async () => {
    const { request } = await activeWorker();
    const { response } = await request('/account/security', { mode: 'navigate' });
    expect(await response?.text()).toBe('body of /index.html');
    expect((await request('/gammal-bild.png', { mode: 'navigate' })).response).toBeUndefined();
    expect((await request('/assets/other-999.js')).response).toBeUndefined();
  });

  it('answers the build’s files from the cache', async () => {
    const { request, fake } = await activeWorker();
    const { response } = await request('/assets/index-abc123.js');
    expect(await response?.text()).toBe('body of /assets/index-abc123.js');
    expect(fake.fetch).not.toHaveBeenCalled();
  });

  it('goes to the network when the browser has dropped the cached copy', async () => {
    const { request, fake, caches } = await activeWorker();
    caches.stores.get('speedway-shell-v2')!.delete('/index.html');
    const { response } = await request('/saknas', { mode: 'navigate' });
    expect(await response?.text()).toBe('body of /saknas');
    expect(fake.fetch).toHaveBeenCalledOnce();
  });

  it('never answers the API, a write or another origin', async () => {
    const { request } = await activeWorker();
    expect((await request('/api/matches')).response).toBeUndefined();
    expect((await request('/api/matches/1', { mode: 'navigate' })).response).toBeUndefined();
    expect((await request('/api')).response).toBeUndefined();
    expect((await request('/index.html', { method: 'POST' })).response).toBeUndefined();
    expect(
      (await request('https://cdn.example/index.html', { mode: 'navigate' })).response,
    ).toBeUndefined();
  });
});
