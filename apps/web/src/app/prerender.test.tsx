import { readFileSync } from 'node:fs';
import path from 'node:path';
import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { prerenderPages, type PrerenderedPage } from './prerender';

// Read as the browser gets it (the test run does not load CSS modules).
const sessionShellCss = readFileSync(path.join(import.meta.dirname, 'session-shell.css'), 'utf8');

// What a prerendered signed-in page shows before the app has started (build/prerender.ts wraps it
// as below; public/before-paint.js marks <html data-session> when a session is stored).

let pages: PrerenderedPage[] = [];
beforeAll(async () => {
  pages = await prerenderPages();
}, 60_000);

afterEach(() => {
  document.documentElement.removeAttribute('data-session');
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

function showPrerendered(path: string, { session }: { session: boolean }) {
  const page = pages.find((p) => p.path === path);
  if (!page) throw new Error(`no prerendered page for ${path}`);
  expect(page.session).toBe(true);
  document.documentElement.toggleAttribute('data-session', session);
  document.head.innerHTML = `<style>${sessionShellCss}</style>`;
  document.body.innerHTML = `<div id="root"><div data-shell="session">${page.markup}</div></div>`;
}

describe('a prerendered signed-in page', () => {
  it('shows a visitor without a session nothing signed in: no navigation, no page', () => {
    showPrerendered('/account', { session: false });
    // The shell has them, for someone signed in …
    expect(screen.getAllByText('Mina sidor').length).toBeGreaterThan(0);
    // … but a guest sees none of them while the app starts and sends them to /auth.
    for (const text of ['Mina sidor', 'Logga ut']) {
      for (const element of screen.queryAllByText(text)) expect(element).not.toBeVisible();
    }
    for (const nav of screen.queryAllByRole('navigation', { hidden: true })) {
      expect(nav).not.toBeVisible();
    }
    // The app's name stays.
    expect(screen.getByText('Speedway Elitserien')).toBeVisible();
  });

  it('shows its navigation and page where a session is stored', () => {
    showPrerendered('/account', { session: true });
    expect(screen.getByRole('heading', { name: 'Mina sidor' })).toBeVisible();
    expect(screen.getByRole('navigation', { name: 'Huvudmeny' })).toBeVisible();
  });
});
