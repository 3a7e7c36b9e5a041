import { randomInt } from 'node:crypto';
import type { Ad, AdFormInput } from '@speedway/contracts';
import { expect } from 'vitest';
import { createUserCommand } from '../src/cli/create-user';
import { swedishDay } from '../src/features/ads/ad-draw';
import { api } from './protocol-api';
import type { TestApp } from './test-app';
import { login, PASSWORD } from './users';

// Accounts and ads for the ads and announcement tests.

const randomIp = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

/** A verified account with the role (and club), signed in: its bearer token. */
export async function account(
  t: TestApp,
  email: string,
  role: 'user' | 'club_admin' | 'super_admin',
  club?: string,
): Promise<string> {
  await createUserCommand({ email, password: PASSWORD, role, ...(club ? { club } : {}) }, t.db);
  return login(t, email, PASSWORD, { 'x-forwarded-for': randomIp() });
}

/** The Swedish day `offset` days from today, as the ad form sends it. */
export function dayFromToday(offset: number, now = new Date()): string {
  return swedishDay(new Date(now.getTime() + offset * 24 * 60 * 60 * 1000));
}

let serial = 0;

/** A valid ad form, running from yesterday to a week from now. */
export function adForm(overrides: Partial<AdFormInput> = {}): AdFormInput {
  serial += 1;
  return {
    title: `Annons ${serial}`,
    image_url: `https://bilder.example.se/banner-${serial}.png`,
    click_url: `https://klubb.example.se/kampanj/${serial}`,
    start_date: dayFromToday(-1),
    end_date: dayFromToday(7),
    ...overrides,
  };
}

export async function createAd(t: TestApp, token: string, overrides: Partial<AdFormInput> = {}) {
  const res = await api(t, token)('POST', '/api/ads', adForm(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as Ad;
}

/** An ad approved by the super_admin, ready to be selected. */
export async function approvedAd(
  t: TestApp,
  superAdmin: string,
  overrides: Partial<AdFormInput> = {},
): Promise<Ad> {
  const ad = await createAd(t, superAdmin, overrides);
  expect(ad.moderation_status).toBe('approved');
  return ad;
}

/** The ad's revision now: what an approval names (POST /api/ads/{id}/approve). */
export async function adRevision(t: TestApp, superAdmin: string, id: string): Promise<number> {
  const res = await api(t, superAdmin)('GET', `/api/ads/${id}`);
  return res.statusCode === 200 ? (res.json() as Ad).revision : 1;
}

/** The ads of the route suites (authorization matrix, fuzz). */
export type AdFixtures = {
  /** The club_admin's (club indianerna) ad, pending: read, edited and moderated by the suites. */
  clubAdId: string;
  /** An approved house ad that runs today in every slot: what the selection finds. */
  selectableAdId: string;
};

export async function createAdFixtures(
  t: TestApp,
  tokens: { club_admin: string; super_admin: string },
): Promise<AdFixtures> {
  const clubAd = await createAd(t, tokens.club_admin);
  const selectable = await approvedAd(t, tokens.super_admin);
  return { clubAdId: clubAd.id, selectableAdId: selectable.id };
}

/** A valid beacon (click or impression) for the selectable ad: selects it first for its token. */
export async function beaconPayload(t: TestApp, token: string, kind: 'impression' | 'click') {
  const res = await api(t, token)('POST', '/api/ads/select', { placement: 'protocol-top' });
  expect(res.statusCode, res.body).toBe(200);
  const selection = res.json() as { id: string; impression_token: string; click_token: string };
  return {
    id: selection.id,
    placement: 'protocol-top',
    token: kind === 'impression' ? selection.impression_token : selection.click_token,
  };
}
