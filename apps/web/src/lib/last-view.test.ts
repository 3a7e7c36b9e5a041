import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearLastViews,
  LAST_VIEW_INDEX,
  LAST_VIEW_LIMIT,
  LAST_VIEW_MAX_AGE_MS,
  releaseLastView,
  saveLastView,
  type LastViewEntry,
} from './last-view';
import { STORAGE_KEYS } from './storage';

// ADR 024: what the app keeps of a page (last-view.ts) and what public/last-view.js puts back
// before the first paint on the next visit.

const restoreScript = readFileSync(
  path.join(import.meta.dirname, '../../public/last-view.js'),
  'utf8',
);
/** Runs public/last-view.js as the page would, right after #root. */
const runRestoreScript = () => window.eval(restoreScript);

const USER = { id: 'user-1', email: 'domare@example.se' };
const STYLESHEET = '/assets/index-abc.css';
const PROTOCOL =
  '<header>Speedway Elitserien</header><main><h1>Dackarna – Vetlanda</h1><p>7/15 Heat komplett</p></main>';

function page({ root = PROTOCOL, stylesheet = STYLESHEET } = {}) {
  document.head.innerHTML = `<link rel="stylesheet" href="${stylesheet}">`;
  document.body.innerHTML = `<div id="root">${root}</div>`;
  return document.getElementById('root')!;
}

function signIn(user = USER) {
  localStorage.setItem(STORAGE_KEYS.token, 'token-1');
  localStorage.setItem(STORAGE_KEYS.user, JSON.stringify(user));
}

const stored = (key: string) =>
  JSON.parse(localStorage.getItem(`${LAST_VIEW_INDEX}:${key}`) ?? 'null') as LastViewEntry | null;
const index = () => JSON.parse(localStorage.getItem(LAST_VIEW_INDEX) ?? '[]') as string[];

beforeEach(() => {
  localStorage.clear();
  window.history.replaceState(null, '', '/match/m-1');
});

afterEach(() => {
  vi.restoreAllMocks();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('saveLastView', () => {
  it('keeps what #root shows, for its user, with the stylesheet it was rendered with', () => {
    const root = page();
    saveLastView(root, USER.id, '/match/m-1', 1_000);
    expect(stored('/match/m-1')).toEqual({
      user: USER.id,
      css: STYLESHEET,
      savedAt: 1_000,
      html: PROTOCOL,
    });
    expect(index()).toEqual(['/match/m-1']);
  });

  it('leaves out the toasts and the live region’s announcement of the moment', () => {
    const root = page({
      root: `${PROTOCOL}<section aria-live="polite"><ol data-sonner-toaster><li>Heat 7 sparat</li></ol></section><div role="status" aria-live="polite">Heat 7 sparat</div>`,
    });
    saveLastView(root, USER.id, '/match/m-1');
    const html = stored('/match/m-1')?.html ?? '';
    expect(html).toContain('7/15 Heat komplett');
    expect(html).not.toContain('Heat 7 sparat');
    expect(html).toContain('<div role="status" aria-live="polite"></div>');
  });

  it('keeps nothing while #root still shows the last view (the app has not rendered yet)', () => {
    const root = page();
    root.setAttribute('data-last-view', '');
    saveLastView(root, USER.id, '/match/m-1');
    expect(stored('/match/m-1')).toBeNull();
  });

  it(`keeps the newest ${LAST_VIEW_LIMIT} pages`, () => {
    const root = page();
    const keys = Array.from({ length: LAST_VIEW_LIMIT + 2 }, (_, i) => `/page-${i}`);
    for (const key of keys) saveLastView(root, USER.id, key);
    expect(index()).toEqual(keys.slice(2).reverse());
    expect(stored('/page-0')).toBeNull();
    expect(stored('/page-1')).toBeNull();
    expect(stored('/page-2')?.html).toBe(PROTOCOL);
  });

  it('makes room by dropping the oldest views when the storage is full, and never throws', () => {
    const root = page();
    saveLastView(root, USER.id, '/old');
    saveLastView(root, USER.id, '/older-than-new');
    const setItem = Storage.prototype.setItem;
    let refusals = 1;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (
      this: Storage,
      key: string,
      value: string,
    ) {
      if (key === `${LAST_VIEW_INDEX}:/new` && refusals-- > 0) {
        throw new DOMException('full', 'QuotaExceededError');
      }
      setItem.call(this, key, value);
    });
    saveLastView(root, USER.id, '/new');
    expect(stored('/new')?.html).toBe(PROTOCOL);
    expect(stored('/old')).toBeNull();
    expect(index()).toEqual(['/new', '/older-than-new']);

    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => saveLastView(root, USER.id, '/newest')).not.toThrow();
  });
});

describe('public/last-view.js, before the first paint', () => {
  it('puts back what the same user saw of this page, inert until the app has rendered', () => {
    signIn();
    saveLastView(page(), USER.id, '/match/m-1');
    const root = page({ root: '<div data-shell="session">Laddar…</div>' });

    runRestoreScript();

    expect(root.innerHTML).toBe(PROTOCOL);
    expect(root.hasAttribute('inert')).toBe(true);
    expect(root.getAttribute('aria-busy')).toBe('true');
    expect(root.getAttribute('aria-hidden')).toBe('true');
    expect(root.hasAttribute('data-last-view')).toBe(true);

    // The app's first render: #root is usable again, and what it shows now is kept.
    releaseLastView(root);
    expect(root.hasAttribute('inert')).toBe(false);
    expect(root.hasAttribute('aria-busy')).toBe(false);
    expect(root.hasAttribute('aria-hidden')).toBe(false);
    expect(root.hasAttribute('data-last-view')).toBe(false);
  });

  it.each([
    ['another user is signed in', () => signIn({ ...USER, id: 'user-2' }), {}],
    ['nobody is signed in', () => localStorage.removeItem(STORAGE_KEYS.token), {}],
    [
      'the view is older than 48 hours',
      () => vi.spyOn(Date, 'now').mockReturnValue(Date.now() + LAST_VIEW_MAX_AGE_MS + 1),
      {},
    ],
    ['the build’s stylesheet changed', () => undefined, { stylesheet: '/assets/index-new.css' }],
  ])('shows the prerendered page when %s', (_, change, pageOptions) => {
    signIn();
    saveLastView(page(), USER.id, '/match/m-1');
    change();
    const root = page({ root: '<div data-shell="session">Laddar…</div>', ...pageOptions });
    runRestoreScript();
    expect(root.innerHTML).toBe('<div data-shell="session">Laddar…</div>');
    expect(root.hasAttribute('inert')).toBe(false);
  });

  it('leaves a page the app hydrates as it is, and another page’s view where it is', () => {
    signIn();
    saveLastView(page(), USER.id, '/match/m-1');
    const hydrated = page({ root: '<form>Logga in</form>' });
    hydrated.setAttribute('data-hydrate', '/auth signed-out');
    runRestoreScript();
    expect(hydrated.innerHTML).toBe('<form>Logga in</form>');

    window.history.replaceState(null, '', '/match/m-2');
    const other = page({ root: 'Laddar…' });
    runRestoreScript();
    expect(other.innerHTML).toBe('Laddar…');
  });

  it('survives a damaged entry', () => {
    signIn();
    localStorage.setItem(`${LAST_VIEW_INDEX}:/match/m-1`, '{not json');
    const root = page({ root: 'Laddar…' });
    expect(() => runRestoreScript()).not.toThrow();
    expect(root.innerHTML).toBe('Laddar…');
  });
});

describe('clearLastViews', () => {
  it('forgets every view and the index, and nothing else', () => {
    signIn();
    const root = page();
    saveLastView(root, USER.id, '/');
    saveLastView(root, USER.id, '/match/m-1');
    clearLastViews();
    expect(index()).toEqual([]);
    expect(stored('/')).toBeNull();
    expect(stored('/match/m-1')).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('token-1');
  });
});
