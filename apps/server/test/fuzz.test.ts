import { ErrorResponseSchema } from '@speedway/contracts';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/plugins/route-table';
import { bodyCase, paramCase, queryCase, type BodyCase } from './fuzz-inputs';
import { ROUTE_MATRIX } from './route-matrix';
import {
  createRouteFixtures,
  randomIp,
  ROLES,
  type Fixtures,
  type SignedInRole,
} from './route-fixtures';
import { createTestApp, type TestApp } from './test-app';

// Generated bad input to every registered route, as anonymous and as signed-in
// users of every role. Any 5xx fails, and so does any 4xx whose body is not the error shape.
// A fixed seed by default; FUZZ_RUNS (per route) and FUZZ_SEED explore further.

const RUNS = Number(process.env.FUZZ_RUNS ?? 75);
const SEED = Number(process.env.FUZZ_SEED ?? 20_260_808);

let t: TestApp;
let fx: Fixtures;
const tokens = {} as Record<SignedInRole, string>;
let ids: string[] = [];

beforeAll(async () => {
  // The per-user throttle would turn the suite's thousands of calls into 429s.
  t = await createTestApp({ API_RATE_LIMIT: '0' });
  fx = await createRouteFixtures(t);
  Object.assign(tokens, fx.tokens);
  ids = [
    fx.protocol.id,
    fx.savedProtocolId,
    fx.savedMatchId,
    fx.teamId,
    fx.ownerSpareSessionId,
    ...Object.values(fx.official),
  ];
}, 120_000);
afterAll(() => t.close());

/**
 * Routes whose valid input changes or ends the caller's own account (password, e-mail, 2FA,
 * sessions, deletion) run as separate users, so that the fixture users stay as they are.
 */
const changesOwnAccount = (route: RegisteredRoute) =>
  route.method !== 'GET' &&
  (route.url.startsWith('/api/account') || route.url === '/api/auth/logout');

type Case = {
  role: 'anonymous' | SignedInRole;
  method: string;
  params: Record<string, string>;
  query: string;
  body: BodyCase;
};

/** The body as sent; for a large one, the part around where it differs from the valid sample. */
function excerpt(text: string | undefined, sample: string | undefined): string {
  if (text === undefined) return '(none)';
  if (text.length <= 200 || sample === undefined) return JSON.stringify(text.slice(0, 200));
  let at = 0;
  while (at < text.length && text[at] === sample[at]) at++;
  return `…${JSON.stringify(text.slice(Math.max(0, at - 60), at + 140))}… (at ${at} of ${text.length})`;
}

function describeCase(route: RegisteredRoute, c: Case, url: string, sample?: string): string {
  const type = c.body.contentType ?? 'no content-type';
  return `${c.role} ${c.method} ${url} [${type}] ${excerpt(c.body.text, sample)} (route ${route.method} ${route.url})`;
}

const ErrorShape = ErrorResponseSchema.strict();

function check(
  route: RegisteredRoute,
  c: Case,
  url: string,
  res: LightMyRequestResponse,
  sample: string | undefined,
) {
  const what = `${describeCase(route, c, url, sample)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  if (res.statusCode >= 400 && c.method !== 'HEAD') {
    let body: unknown;
    try {
      body = JSON.parse(res.body);
    } catch {
      body = res.body;
    }
    const shape = ErrorShape.safeParse(body);
    expect(shape.success, `not the error shape: ${what}`).toBe(true);
    expect(shape.data?.statusCode, what).toBe(res.statusCode);
  }
}

/** A session that a valid call ended (logout, deletion) is replaced by a new user's. */
async function keepSignedIn(set: Record<SignedInRole, string>, role: SignedInRole) {
  const me = await t.request({ method: 'GET', url: '/api/account/me', token: set[role] });
  if (me.statusCode === 401) set[role] = (await fx.newUser(role)).token;
}

/** The valid request of the route's matrix row: the seed of "almost valid" input. */
async function sampleOf(route: RegisteredRoute) {
  const row = ROUTE_MATRIX[`${route.method} ${route.url}`];
  if (!row) return { params: {}, body: undefined };
  const spec = await row.request(fx, 'owner');
  const pattern = new RegExp(`^${route.url.replace(/:(\w+)/g, '(?<$1>[^/?]+)')}(?:\\?|$)`);
  return {
    params: pattern.exec(spec.url)?.groups ?? {},
    body: spec.payload as Parameters<typeof bodyCase>[1],
  };
}

/**
 * Mostly the roles the route lets in (per its matrix row: the owner of the objects the valid ids
 * name, super_admin for the import; a 409 is a state conflict past authorization, as for
 * 'Synka nu' without a source), so that bad input gets past authorization, and sometimes the
 * others.
 */
function roleCase(route: RegisteredRoute): fc.Arbitrary<Case['role']> {
  const expected = ROUTE_MATRIX[`${route.method} ${route.url}`]?.expect;
  const lets = (status: number) => status < 400 || status === 409;
  const admitted = ROLES.filter((role, i) => role !== 'anonymous' && lets(expected?.[i] ?? 200));
  const others = ROLES.filter((role) => !admitted.includes(role));
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(admitted.length > 0 ? admitted : ROLES)) },
    { weight: 1, arbitrary: fc.constantFrom(...(others.length > 0 ? others : ROLES)) },
  );
}

function fuzzRoutes(): RegisteredRoute[] {
  const routes = t.app.routeTable.filter((r) => r.url.startsWith('/api') && r.method !== 'HEAD');
  // Deletions last, so that the objects the other routes name still exist while they are fuzzed.
  return [...routes].sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

describe('fuzz: bad input to every route', () => {
  it('covers every route with thousands of cases, without a 5xx or a reply outside the error shape', async () => {
    const routes = fuzzRoutes();
    expect(routes.length).toBeGreaterThan(30);
    // Valid requests first (they may create objects), before any fuzzing changes the fixtures.
    const samples = new Map<RegisteredRoute, Awaited<ReturnType<typeof sampleOf>>>();
    for (const route of routes) samples.set(route, await sampleOf(route));
    const accountTokens = {} as Record<SignedInRole, string>;
    for (const role of ['owner', 'other', 'club_admin', 'super_admin'] as const) {
      accountTokens[role] = (await fx.newUser(role)).token;
    }
    let cases = 0;
    let planned = 0;
    const failures: string[] = [];
    const statuses = new Map<string, number>();
    const started = Date.now();
    for (const route of routes) {
      const schema = route.schema?.body;
      const jsonSchema =
        schema instanceof z.ZodType
          ? z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' })
          : {};
      const sample = samples.get(route)!;
      const paramNames = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      const set = changesOwnAccount(route) ? accountTokens : tokens;
      // A large document (the official import) has more places to break: more cases for it.
      const sampleText = sample.body === undefined ? undefined : JSON.stringify(sample.body);
      const runs = (sampleText?.length ?? 0) > 2_000 ? RUNS * 4 : RUNS;
      planned += runs;

      const caseArb: fc.Arbitrary<Case> = fc.record({
        role: roleCase(route),
        method: fc.oneof(
          { weight: 15, arbitrary: fc.constant(route.method) },
          {
            weight: 1,
            arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS'),
          },
        ),
        params: fc.record(
          Object.fromEntries(
            paramNames.map((name) => [name, paramCase(name, ids, sample.params[name])]),
          ),
        ) as fc.Arbitrary<Record<string, string>>,
        query: fc.oneof(
          { weight: 3, arbitrary: fc.constant('') },
          { weight: 1, arbitrary: queryCase },
        ),
        body: bodyCase(jsonSchema, sample.body, ids),
      });

      // Every route is fuzzed even when an earlier one failed, so that one run shows them all.
      const failure = await fc.check(
        fc.asyncProperty(caseArb, async (c) => {
          cases++;
          const path = route.url.replace(/:(\w+)/g, (_, name: string) => c.params[name] ?? 'x');
          const url = c.query ? `${path}?${c.query}` : path;
          const token = c.role === 'anonymous' ? undefined : set[c.role];
          const res = await t.request({
            method: c.method as 'GET',
            url,
            ...(token ? { token } : {}),
            headers: {
              'x-forwarded-for': randomIp(),
              ...(c.body.contentType ? { 'content-type': c.body.contentType } : {}),
            },
            ...(c.body.text !== undefined ? { payload: c.body.text } : {}),
          });
          check(route, c, url, res, sampleText);
          const tally = `${route.method} ${route.url} ${res.statusCode}`;
          statuses.set(tally, (statuses.get(tally) ?? 0) + 1);
          if (c.role !== 'anonymous' && res.statusCode < 300 && c.method !== 'GET') {
            await keepSignedIn(set, c.role);
          }
        }),
        { numRuns: runs, seed: SEED, endOnFailure: process.env.FUZZ_SHRINK !== '1' },
      );
      if (failure.failed) {
        const cause = failure.errorInstance instanceof Error ? failure.errorInstance.message : '';
        failures.push(`${route.method} ${route.url}: ${cause.split('\n')[0]}`);
      }
    }
    const seconds = (Date.now() - started) / 1000;
    // Printed so that a run's size and speed are visible in CI logs.
    console.info(
      `fuzz: ${cases} cases over ${routes.length} routes in ${seconds.toFixed(1)} s (seed ${SEED})`,
    );
    // FUZZ_STATS=1: how each route answered, to see that the cases get past authorization.
    if (process.env.FUZZ_STATS)
      console.info([...statuses].map(([k, n]) => `${k}: ${n}`).join('\n'));
    expect(failures, failures.join('\n\n')).toEqual([]);
    expect(cases).toBeGreaterThanOrEqual(planned);
  }, 600_000);
});
