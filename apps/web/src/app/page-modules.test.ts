import { afterEach, describe, expect, it, vi } from 'vitest';
import { APP_MODULES_META, PAGE_MODULES_META, preloadPageModules } from './page-modules';

const preloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map(
    (link) => new URL(link.href).pathname,
  );

describe('preloadPageModules', () => {
  afterEach(() => {
    vi.useRealTimers();
    document.head.innerHTML = '';
  });

  it('adds the listed chunks in order, one link per task', () => {
    vi.useFakeTimers();
    const meta = document.createElement('meta');
    meta.name = PAGE_MODULES_META;
    meta.content = '/assets/a.js /assets/b.js  /assets/c.js';
    document.head.append(meta);

    preloadPageModules();
    expect(preloads()).toEqual(['/assets/a.js']);
    vi.advanceTimersToNextTimer();
    expect(preloads()).toEqual(['/assets/a.js', '/assets/b.js']);
    vi.runAllTimers();
    expect(preloads()).toEqual(['/assets/a.js', '/assets/b.js', '/assets/c.js']);
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="modulepreload"]');
    expect(link?.crossOrigin).toBe('');
  });

  it('resolves once the last link is in, so the app starts with every chunk listed', async () => {
    vi.useFakeTimers();
    const meta = document.createElement('meta');
    meta.name = PAGE_MODULES_META;
    meta.content = '/assets/a.js /assets/b.js';
    document.head.append(meta);

    let resolved = false;
    const done = preloadPageModules().then(() => (resolved = true));
    await Promise.resolve();
    expect(resolved).toBe(false);
    vi.runAllTimers();
    await done;
    expect(preloads()).toEqual(['/assets/a.js', '/assets/b.js']);
  });

  it('leaves out a chunk that is linked already (Vite preloads a dynamic import itself)', () => {
    vi.useFakeTimers();
    const linked = document.createElement('link');
    linked.rel = 'modulepreload';
    linked.href = '/assets/b.js';
    document.head.append(linked);
    const meta = document.createElement('meta');
    meta.name = PAGE_MODULES_META;
    meta.content = '/assets/a.js /assets/b.js /assets/c.js';
    document.head.append(meta);

    preloadPageModules();
    vi.runAllTimers();
    expect(preloads()).toEqual(['/assets/b.js', '/assets/a.js', '/assets/c.js']);
  });

  it("links the app's chunks before the page's own (ADR 024: two lists)", () => {
    vi.useFakeTimers();
    for (const [name, content] of [
      [APP_MODULES_META, '/assets/react.js /assets/start.js'],
      [PAGE_MODULES_META, '/assets/match.js'],
    ] as const) {
      const meta = document.createElement('meta');
      meta.name = name;
      meta.content = content;
      document.head.append(meta);
    }
    preloadPageModules();
    vi.runAllTimers();
    expect(preloads()).toEqual(['/assets/react.js', '/assets/start.js', '/assets/match.js']);
  });

  it('does nothing on a page without the list, and resolves at once', async () => {
    await preloadPageModules();
    expect(preloads()).toEqual([]);
  });
});
