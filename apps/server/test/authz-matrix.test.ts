import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROUTE_MATRIX } from './route-matrix';
import { createRouteFixtures, randomIp, ROLES, type Fixtures } from './route-fixtures';
import { createTestApp, type TestApp } from './test-app';
import { expectErrorShape } from './users';

// Every registered route, as anonymous, owner, another user, club_admin and
// super_admin, answers the status its row in route-matrix.ts says.

const PDF_ROUTE = /\.pdf$/;

let t: TestApp;
let fx: Fixtures;
beforeAll(async () => {
  // The per-user throttle would answer 429 to a suite that calls every route many times.
  t = await createTestApp({ API_RATE_LIMIT: '0' });
  fx = await createRouteFixtures(t);
}, 120_000);
afterAll(() => t.close());

/** Registered routes as "METHOD /path", without the HEAD twins Fastify adds to GET routes. */
function registeredRoutes(): string[] {
  const table = t.app.routeTable.filter((r) => r.url.startsWith('/api'));
  const gets = new Set(table.filter((r) => r.method === 'GET').map((r) => r.url));
  return table
    .filter((r) => !(r.method === 'HEAD' && gets.has(r.url)))
    .map((r) => `${r.method} ${r.url}`);
}

describe('the matrix covers the route table', () => {
  it('has a row for every registered route, and no row for a route that is gone', () => {
    const registered = registeredRoutes();
    expect(registered.length).toBeGreaterThan(30);
    const missing = registered.filter((r) => !(r in ROUTE_MATRIX));
    expect(missing, 'add these routes to test/route-matrix.ts').toEqual([]);
    const stale = Object.keys(ROUTE_MATRIX).filter((r) => !registered.includes(r));
    expect(stale, 'routes in test/route-matrix.ts that are not registered').toEqual([]);
  });
});

describe('every route as every role', () => {
  // Others first, then the owner, whose call may change or remove the object the others asked for.
  const order = ['anonymous', 'other', 'club_admin', 'super_admin', 'owner'] as const;

  for (const [route, row] of Object.entries(ROUTE_MATRIX)) {
    it(
      route,
      async () => {
        const method = route.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';
        const seen: string[] = [];
        const wanted: string[] = [];
        const answers: string[] = [];
        for (const role of order) {
          const spec = await row.request(fx, role);
          const token = role === 'anonymous' ? undefined : (spec.token ?? fx.tokens[role]);
          const call = (m: typeof method | 'HEAD') =>
            t.request({
              method: m,
              url: spec.url,
              ...(token ? { token } : {}),
              headers: { 'content-type': 'application/json', 'x-forwarded-for': randomIp() },
              ...(spec.payload !== undefined ? { payload: spec.payload as object } : {}),
            });
          // A GET's HEAD twin answers the same status (it runs the same hooks and handler).
          const head = method === 'GET' ? await call('HEAD') : undefined;
          const res = await call(method);
          const expected = row.expect[ROLES.indexOf(role)]!;
          seen.push(`${role} ${res.statusCode}${head ? `/${head.statusCode}` : ''}`);
          if (res.statusCode !== expected) answers.push(`${role}: ${res.body.slice(0, 300)}`);
          wanted.push(`${role} ${expected}${head ? `/${expected}` : ''}`);
          if (res.statusCode >= 400) expectErrorShape(res.json(), res.statusCode);
        }
        expect(seen, answers.join('\n')).toEqual(wanted);
        // A PDF route renders in Chromium for each role that may have it, twice (HEAD and GET):
        // over 30 s on a loaded 2-core runner.
      },
      PDF_ROUTE.test(route) ? 120_000 : undefined,
    );
  }
});
