import { randomInt } from 'node:crypto';
import { generate } from 'otplib';
import { expect } from 'vitest';
import type { TestApp } from './test-app';

export const PASSWORD = 'korrekt-häst-batteri';

/** Registers, follows the link from the real mail and signs in: returns the bearer token. */
export async function signUp(t: TestApp, email: string, password = PASSWORD): Promise<string> {
  // Each sign-up comes from its own address, so that the per-IP registration limit stays real.
  const ip = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;
  const reg = await t.request({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password },
    headers: { 'x-forwarded-for': ip },
  });
  expect(reg.statusCode, reg.body).toBe(201);
  const mail = await t.smtp.waitFor(email, (m) => m.text.includes('/auth/verify-email'));
  const token = t.smtp.link(mail, '/auth/verify-email').searchParams.get('token');
  const verify = await t.request({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token },
  });
  expect(verify.statusCode).toBe(200);
  return login(t, email, password);
}

export async function login(
  t: TestApp,
  email: string,
  password = PASSWORD,
  headers: Record<string, string> = {},
): Promise<string> {
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.token).toEqual(expect.any(String));
  return body.token as string;
}

/** A TOTP code for a secret at a given offset in 30-second steps. */
export function totp(secret: string, stepOffset = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepOffset * 30 });
}

export function expectErrorShape(body: unknown, statusCode: number, code?: string) {
  expect(body).toMatchObject({
    statusCode,
    error: expect.any(String),
    code: code ?? expect.any(String),
    message: expect.any(String),
  });
}
