import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { SECURITY_OPTIONS, securityHeaders } from './security';

describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('are helmet’s headers for our options, with the CSP that allows only this origin’s scripts', () => {
    const headers = securityHeaders(SECURITY_OPTIONS);
    expect(headers['content-security-policy']).toContain("script-src 'self';");
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'referrer-policy': 'no-referrer',
      'cross-origin-opener-policy': 'same-origin',
    });
    // HSTS belongs to the TLS proxy; COEP would block the ads' images.
    expect(headers).not.toHaveProperty('strict-transport-security');
    expect(headers).not.toHaveProperty('cross-origin-embedder-policy');
  });

  it('are sent on every reply: an API answer, an API error and a refused request', async () => {
    const expected = securityHeaders(SECURITY_OPTIONS);
    const replies = [
      await t.request({ method: 'GET', url: '/api/health' }),
      await t.request({ method: 'GET', url: '/api/inget-sadant' }),
      await t.request({ method: 'GET', url: '/api/account/me' }),
    ];
    expect(replies.map((r) => r.statusCode)).toEqual([200, 404, 401]);
    for (const reply of replies) {
      for (const [name, value] of Object.entries(expected)) expect(reply.headers[name]).toBe(value);
    }
  });
});
