import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@/lib/storage';
import { FIRST_MODULES_META } from './page-modules';

// public/before-paint.js, as the page runs it from <head> before the first paint.
const script = readFileSync(path.join(import.meta.dirname, '../../public/before-paint.js'), 'utf8');
const run = () => window.eval(script);

const modulePreloads = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => [
    new URL(link.href).pathname,
    link.getAttribute('fetchpriority'),
  ]);

beforeEach(() => {
  localStorage.clear();
  document.head.innerHTML = `<meta name="${FIRST_MODULES_META}" content="/assets/react-abc.js" />`;
});
afterEach(() => {
  document.head.innerHTML = '';
  document.documentElement.removeAttribute('data-session');
});

describe('before-paint.js', () => {
  it("on a signed-in first visit starts React's chunk at a low priority (ADR 024)", () => {
    localStorage.setItem(STORAGE_KEYS.token, 'token-1');
    localStorage.setItem(STORAGE_KEYS.user, JSON.stringify({ id: 'u1', email: 'a@example.se' }));
    run();
    expect(document.documentElement.hasAttribute('data-session')).toBe(true);
    expect(modulePreloads()).toEqual([['/assets/react-abc.js', 'low']]);
  });

  it('starts nothing for a visitor without a session: /auth waits for no data', () => {
    run();
    expect(document.documentElement.hasAttribute('data-session')).toBe(false);
    expect(modulePreloads()).toEqual([]);
  });
});
