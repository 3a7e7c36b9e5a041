import { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './test-app';
import { expectErrorShape, signUp } from './users';

// Input that gave 500s, and Fastify's own refusals, answer 4xx in the error shape.

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp({ API_RATE_LIMIT: '0' });
  token = await signUp(t, 'tecken@example.se');
});
afterAll(() => t.close());

/** A raw JSON text, so that escapes like \ud800 reach the server as written. */
const json = (
  method: 'POST' | 'PUT' | 'GET' | 'DELETE',
  url: string,
  text: string,
  auth?: string,
) =>
  t.request({
    method,
    url,
    ...(auth ? { token: auth } : {}),
    headers: { 'content-type': 'application/json' },
    payload: text,
  });

function expectInvalidText(res: { statusCode: number; json: () => unknown }, path: string) {
  expect(res.statusCode).toBe(400);
  expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
  expect(res.json()).toMatchObject({
    message: `Ogiltiga tecken i förfrågan (${path}).`,
    details: [{ path, message: expect.stringMatching(/NUL|surrogat/) }],
  });
}

describe('NUL and lone surrogates', () => {
  it('refuses a NUL byte in the login e-mail (reachable without an account)', async () => {
    const res = await json('POST', '/api/auth/login', '{"email":"a\\u0000b","password":"x"}');
    expectInvalidText(res, 'body.email');
  });

  it('refuses a NUL byte and lone surrogates in display_name, and stores nothing', async () => {
    for (const name of ['"a\\u0000b"', '"a\\ud800b"', '"\\udc00"', '"x\\ude00\\ud83d"']) {
      const res = await json('PUT', '/api/account/profile', `{"display_name":${name}}`, token);
      expectInvalidText(res, 'body.display_name');
    }
    const me = await t.request({ method: 'GET', url: '/api/account/me', token });
    expect(me.json().display_name).toBeNull();
    // A proper pair (an emoji) is Unicode and is kept.
    const ok = await json(
      'PUT',
      '/api/account/profile',
      '{"display_name":"Ove \\ud83c\\udfc1"}',
      token,
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().user.display_name).toBe('Ove 🏁');
  });

  it('checks keys, query strings and path parameters too', async () => {
    expectInvalidText(
      await json('PUT', '/api/account/profile', '{"display_name":"x","k\\u0000":1}', token),
      'body.k\uFFFD',
    );
    const query = await t.request({
      method: 'GET',
      url: '/api/teams/00000000-0000-4000-8000-000000000000/riders?match_id=%00',
      token,
    });
    expectInvalidText(query, 'querystring.match_id');
    const param = await t.request({ method: 'GET', url: '/api/matches/a%00b', token });
    expectInvalidText(param, 'params.id');
    const surrogateParam = await t.request({ method: 'GET', url: '/api/matches/%ED%A0%80', token });
    expect(surrogateParam.statusCode).toBe(400);
    expectErrorShape(surrogateParam.json(), 400);
  });

  it('still answers 401 first to a caller without a session', async () => {
    const res = await json('PUT', '/api/account/profile', '{"display_name":"a\\u0000"}');
    expect(res.statusCode).toBe(401);
    expectErrorShape(res.json(), 401, 'UNAUTHORIZED');
  });
});

describe('shape of the body', () => {
  it('refuses deep nesting and prototype keys before any schema sees them', async () => {
    const deep = '{"display_name":' + '['.repeat(10_000) + ']'.repeat(10_000) + '}';
    const res = await json('PUT', '/api/account/profile', deep, token);
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
    expect(res.json().message).toMatch(/^Förfrågan är för djupt nästlad \(body\.display_name\./);

    const proto = await json('POST', '/api/auth/login', '{"__proto__":{"x":1},"email":"a@b.se"}');
    expect(proto.statusCode).toBe(400);
    expect(proto.json().message).toBe('Otillåtet fältnamn i förfrågan (body.__proto__).');
  });

  it('refuses numbers outside what the protocol can hold', async () => {
    const res = await json(
      'POST',
      '/api/matches/00000000-0000-4000-8000-000000000000/heat/1/save',
      JSON.stringify({
        results: [{ rider_id: 'r', position: 1, status: 'completed', points: 2 ** 31 }],
      }),
      token,
    );
    expect(res.statusCode).toBe(400);
    expectErrorShape(res.json(), 400, 'VALIDATION_ERROR');
    expect(res.json().details[0].path).toBe('body.results.0.points');
  });
});

describe("Fastify's own refusals, in the error shape and in Swedish, never echoing the URL", () => {
  const cases: Array<[string, Parameters<TestApp['request']>[0], number, string]> = [
    ['bad URL encoding', { method: 'GET', url: '/api/%zz' }, 400, 'BAD_URL'],
    ['truncated UTF-8 in a param', { method: 'GET', url: '/api/matches/%E0%A4%A' }, 400, 'BAD_URL'],
    [
      'over-long param',
      { method: 'GET', url: `/api/matches/${'a'.repeat(5_000)}` },
      414,
      'URI_TOO_LONG',
    ],
    [
      'text/plain body',
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: 'email=a',
        headers: { 'content-type': 'text/plain' },
      },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'form body',
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: 'email=a',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      },
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    ],
    [
      'malformed JSON',
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: '{"email":',
        headers: { 'content-type': 'application/json' },
      },
      400,
      'INVALID_JSON',
    ],
    [
      'too large',
      {
        method: 'POST',
        url: '/api/auth/login',
        payload: JSON.stringify({ email: 'x'.repeat(300_000) }),
        headers: { 'content-type': 'application/json' },
      },
      413,
      'BODY_TOO_LARGE',
    ],
    ['unknown /api path', { method: 'GET', url: '/api/nope/%C3%A5?x=%zz' }, 404, 'NOT_FOUND'],
    ['unsupported method', { method: 'PATCH', url: '/api/account/me' }, 404, 'NOT_FOUND'],
  ];

  for (const [name, request, status, code] of cases) {
    it(name, async () => {
      const res = await t.request({ ...request, token });
      expect(res.statusCode, res.body).toBe(status);
      expectErrorShape(res.json(), status, code);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const path = String(request.url).split('?')[0]!;
      expect(res.body).not.toContain(path.slice(5, 40));
      expect(res.json().message).toMatch(/[åäöÅÄÖ]|Ogiltig|Felaktig|Resursen/);
    });
  }
});

/** True when the JSON schema (of a route's body, query or params) bounds every value it takes. */
function unbounded(schema: unknown, path: string, out: string[]): string[] {
  if (typeof schema !== 'object' || schema === null) return out;
  const s = schema as Record<string, unknown>;
  if ('const' in s || 'enum' in s) return out;
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
    if (Array.isArray(s[key])) for (const sub of s[key]) unbounded(sub, path, out);
  }
  const type = s.type;
  if (type === 'number' || type === 'integer') {
    const min = (s.minimum ?? s.exclusiveMinimum) as number | undefined;
    const max = (s.maximum ?? s.exclusiveMaximum) as number | undefined;
    if (min === undefined || max === undefined || min < -(2 ** 31) || max > 2 ** 31 - 1) {
      out.push(`${path}: number without int4 bounds`);
    }
  }
  if (type === 'string') {
    const pattern = typeof s.pattern === 'string' ? s.pattern : '';
    const boundedPattern = pattern.startsWith('^') && !/[*+]|\{\d+,\}/.test(pattern);
    if (s.maxLength === undefined && !boundedPattern) out.push(`${path}: string without maxLength`);
  }
  if (type === 'array') {
    if (s.maxItems === undefined) out.push(`${path}: array without maxItems`);
    unbounded(s.items, `${path}[]`, out);
  }
  if (type === 'object') {
    for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, unknown>)) {
      unbounded(v, `${path}.${k}`, out);
    }
    if (typeof s.additionalProperties === 'object') {
      if (!s.propertyNames) out.push(`${path}: record without bounded keys`);
      unbounded(s.additionalProperties, `${path}.*`, out);
    }
  }
  return out;
}

describe('every route bounds what it accepts', () => {
  it('numbers within int4, strings and arrays with a maximum', () => {
    const problems: string[] = [];
    for (const route of t.app.routeTable) {
      for (const part of ['body', 'querystring', 'params'] as const) {
        const schema = route.schema?.[part];
        if (!(schema instanceof z.ZodType)) continue;
        // The import's body is a speedway-official/1 document: the service validates it
        // whole with OfficialDataFileSchema (its own bounds and tests).
        if (route.url === '/api/official-matches/import' && part === 'body') continue;
        const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
        unbounded(json, `${route.method} ${route.url} ${part}`, problems);
      }
    }
    expect(problems).toEqual([]);
  });
});
