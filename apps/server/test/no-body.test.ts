import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_BODY_MESSAGE } from '../src/plugins/input-guard';
import { ROUTE_MATRIX } from './route-matrix';
import { createRouteFixtures, randomIp, ROLES, type Fixtures } from './route-fixtures';
import { createTestApp, type TestApp } from './test-app';
import { expectErrorShape } from './users';

// A route whose contract names no body refuses one (400 in the error shape) instead of
// ignoring it; one check for every such route (plugins/input-guard.ts), walked here over the
// route table so that a new route is covered too.

let t: TestApp;
let fx: Fixtures;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '0' });
  fx = await createRouteFixtures(t);
}, 120_000);
afterAll(() => t.close());

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The writes without a body schema, as "METHOD /path". */
function bodilessWrites(): string[] {
  return t.app.routeTable
    .filter((r) => r.url.startsWith('/api') && WRITES.has(r.method) && !r.schema?.body)
    .map((r) => `${r.method} ${r.url}`);
}

describe('routes without a body', () => {
  it('refuse a JSON body with 400 in the error shape, for every role the route lets in', async () => {
    const routes = bodilessWrites();
    // The walk finds the route table's bodiless writes (logout among them), not an empty list.
    expect(routes).toContain('POST /api/auth/logout');
    for (const route of routes) {
      const row = ROUTE_MATRIX[route];
      expect(row, route).toBeDefined();
      // The first role the route lets through (its checks run before the body's).
      const index = row!.expect.findIndex((status) => status < 300);
      const role = ROLES[index]!;
      const spec = await row!.request(fx, role);
      const token = role === 'anonymous' ? undefined : (spec.token ?? fx.tokens[role]);
      for (const payload of [{ oväntat: 1 }, [], 'text', 0]) {
        const res = await t.request({
          method: route.split(' ')[0] as 'POST',
          url: spec.url,
          ...(token ? { token } : {}),
          headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
          payload: JSON.stringify(payload),
        });
        expect(res.statusCode, `${route} ${res.body}`).toBe(400);
        expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
        expect(res.json().message).toBe(NO_BODY_MESSAGE);
      }
    }
  });

  it('still take an empty body (the client sends Content-Type: application/json without one)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/auth/logout',
      token: (await fx.newUser('owner')).token,
      headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
    });
    expect(res.statusCode, res.body).toBeLessThan(300);
  });
});
