import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page, TestInfo } from '@playwright/test';
import { expect } from '@playwright/test';
import { generate } from 'otplib';
import { waitForLink } from './mailbox';

export const PASSWORD = 'ett-långt-lösenord-1';

/** A unique address per test and project, so desktop and phone runs never collide. */
export function uniqueEmail(info: TestInfo, name: string): string {
  return `${name}-${info.project.name}-${Date.now().toString(36)}@example.se`;
}

/** Registers and verifies through the API and the real mail, as setup for UI tests. */
export async function createVerifiedUser(
  request: APIRequestContext,
  email: string,
  password = PASSWORD,
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
  });
  expect(verify.status()).toBe(200);
}

export async function signInThroughForm(page: Page, email: string, password = PASSWORD) {
  await page.goto('/auth');
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Logga in', exact: true }).last().click();
}

export const totp = (secret: string, stepOffset = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
