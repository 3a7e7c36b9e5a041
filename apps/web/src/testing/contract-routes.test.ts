import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { makeAccount } from './data';
import { CONTRACT_ROUTES, replyProblems, routeOf } from './contract-routes';
import { apiError, stubFetch } from './fetch-stub';

const SRC = path.resolve(import.meta.dirname, '..');

/** Every file of the app (not its tests or test support). */
function appFiles(dir = SRC): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : appFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/**
 * The API paths the app names in its code ('/api/…' literals and templates, a template's
 * `${…}` read as one path segment), without query strings.
 */
function pathsCalled(): string[] {
  const found = new Set<string>();
  for (const file of appFiles()) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/['`](\/api\/[^'`?\s]*)/g)) {
      const pathText = match[1]!.replace(/\$\{[^}]*\}/g, ':x');
      // A prefix the code completes later ('/api/matches/:x/') is not a call.
      if (!pathText.endsWith('/')) found.add(pathText);
    }
  }
  return [...found].sort();
}

describe('the contract table of the fake network', () => {
  it('has a route for every API path the app names', () => {
    const paths = pathsCalled();
    expect(paths.length).toBeGreaterThan(40);
    const routes = Object.keys(CONTRACT_ROUTES).map((key) => key.split(' ')[1]!.split('/'));
    // A template's part may stand for any segment ('/api/matches/${id}/${file}').
    const fits = (parts: string[], route: string[]) =>
      parts.length === route.length &&
      parts.every((part, i) => part === ':x' || route[i]!.startsWith(':') || part === route[i]);
    const missing = paths.filter((p) => !routes.some((route) => fits(p.split('/'), route)));
    expect(missing, 'add these to testing/contract-routes.ts').toEqual([]);
  });

  it('takes a literal segment before a parameter, as the server routes', () => {
    expect(routeOf('POST', '/api/ads/select')).toBe('POST /api/ads/select');
    expect(routeOf('PUT', '/api/ads/abc')).toBe('PUT /api/ads/:id');
    expect(routeOf('GET', '/api/nothing-here')).toBeUndefined();
    expect(routeOf('PATCH', '/api/account/me')).toBeUndefined();
  });

  it('refuses a reply the server could never send', () => {
    const me = 'GET /api/account/me';
    expect(replyProblems(me, { status: 200, json: makeAccount() })).toEqual([]);
    // A field the schema does not have: the server's encoding drops it.
    expect(replyProblems(me, { status: 200, json: { ...makeAccount(), extra: 1 } })).toEqual([
      'extra: not in the contract (never sent)',
    ]);
    expect(replyProblems(me, { status: 200, json: { ...makeAccount(), id: 'u1' } })).toEqual([
      expect.stringMatching(/^id: /),
    ]);
    expect(replyProblems(me, { status: 201, json: makeAccount() })).toEqual([
      'status 201; the route answers 200 on success',
    ]);
    // Errors: the one shape, with a code of the closed list and its own status.
    const error = apiError(401, 'SESSION_INVALID', 'Logga in igen.') as { json: unknown };
    expect(replyProblems(me, { status: 401, json: error.json })).toEqual([]);
    expect(replyProblems(me, { status: 403, json: error.json })).toEqual([
      'statusCode 401 in a 403 reply',
    ]);
    expect(replyProblems(me, { status: 409, json: { message: 'Nej.' } })).not.toEqual([]);
    expect(
      replyProblems(me, {
        status: 409,
        json: { statusCode: 409, error: 'Conflict', code: 'NO_SUCH_CODE', message: 'Nej.' },
      }),
    ).not.toEqual([]);
    // What stands in front of the server answers without JSON; the server never does.
    expect(replyProblems(me, { status: 502, text: '<html>Bad Gateway</html>' })).toEqual([]);
    expect(replyProblems(me, { status: 500, json: { message: 'Fel' } })).not.toEqual([]);
  });

  it('knows a file and an empty reply from JSON', () => {
    expect(replyProblems('GET /api/matches/:id/export.csv', { status: 200, text: 'a;b' })).toEqual(
      [],
    );
    expect(replyProblems('POST /api/ads/select', { status: 204, text: '' })).toEqual([]);
    expect(replyProblems('POST /api/ads/select', { status: 204, json: {} })).not.toEqual([]);
  });

  it('makes stubFetch refuse an unknown route and a wrong fixed reply at once', () => {
    expect(() => stubFetch({ 'GET /api/nothing-here': { json: {} } })).toThrow(
      /no route of the server/,
    );
    expect(() => stubFetch({ 'GET /api/account/me': { json: { id: 'u1' } } })).toThrow(
      /could never send/,
    );
  });

  it('lists every route with at least one success status', () => {
    for (const [key, contract] of Object.entries(CONTRACT_ROUTES)) {
      expect(Object.keys(contract).length, key).toBeGreaterThan(0);
    }
  });
});
