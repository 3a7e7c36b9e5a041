import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { generate } from 'otplib';
import { waitForLink } from './mailbox';

export const PASSWORD = 'ett-långt-lösenord-1';

/** A unique address per test and project, so desktop and phone runs never collide. */
export function uniqueEmail(info: TestInfo, name: string): string {
  const suffix = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${name}-${info.project.name}-${suffix}@example.se`;
}

/** What a test user has seen of the guided first run: all of it (the default) or nothing yet. */
export type TutorialsSeen = { tutorials?: 'done' | 'new' };

/** The spec's guide page keys (docs/spec/2-matches-protocols-admin.md §3), written out here: the tests check the app against them. */
export const TUTORIAL_PAGE_KEYS = [
  'home',
  'matches',
  'myMatches',
  'table',
  'account',
  'officialMatchDetail',
  'matchProtocol',
  'heatDialog',
] as const;

/**
 * Marks the intro and every page guide as seen through the API, so that a test about something
 * else never meets them. A session of its own, ended afterwards; a user who cannot sign in with
 * this password (or needs a second factor) is left as is.
 */
export async function completeTutorials(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
) {
  // From an address of its own, like the set-up sign-ups: the suite must not spend the real
  // per-IP login limit of the browser's (loopback) address.
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const login = await request.post('/api/auth/login', {
    data: { email, password },
    headers: { 'x-forwarded-for': ip },
  });
  if (!login.ok()) return;
  const { token } = (await login.json()) as { token?: string };
  if (!token) return;
  const headers = { authorization: `Bearer ${token}` };
  const pages = Object.fromEntries(
    TUTORIAL_PAGE_KEYS.map((key) => [key, { completed: true, step: 0 }]),
  );
  const done = await request.put('/api/account/tutorials', {
    headers,
    data: { tutorial: { introCompleted: true, pages } },
  });
  expect(done.status(), await done.text()).toBe(200);
  await request.post('/api/auth/logout', { headers });
}

/**
 * Registers and verifies through the API and the real mail, as setup for UI tests. The user has
 * seen the intro and the page guides unless `tutorials: 'new'`.
 */
export async function createVerifiedUser(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
  { tutorials = 'done' }: TutorialsSeen = {},
) {
  // Set-up sign-ups come from their own address (the server trusts X-Forwarded-For from loopback),
  // so that the real per-IP registration limit is not spent by the test suite itself.
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const reg = await request.post('/api/auth/register', {
    data: { email, password },
    headers: { 'x-forwarded-for': ip },
  });
  expect(reg.status()).toBe(201);
  const link = await waitForLink(email, '/auth/verify-email');
  const verify = await request.post('/api/auth/verify-email', {
    data: { token: link.searchParams.get('token') },
    headers: { 'x-forwarded-for': ip },
  });
  expect(verify.status()).toBe(200);
  if (tutorials === 'done') await completeTutorials(request, email, password);
}

/**
 * Signs in through the login form. A user who signs in here has seen the guided first run (also
 * one registered through the UI), unless `tutorials: 'new'`.
 */
export async function signInThroughForm(
  page: Page,
  email: string,
  password = PASSWORD,
  { tutorials = 'done' }: TutorialsSeen = {},
) {
  if (tutorials === 'done') await completeTutorials(page.request, email, password);
  await page.goto('/auth');
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logga in', exact: true }).last().click();
}

export const totp = (secret: string, stepOffset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
