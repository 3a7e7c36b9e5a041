import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SECURITY_OPTIONS, securityHeaders } from '../src/plugins/security';
import type { LightMyRequestResponse } from 'fastify';
import { createContractChecker, recordContract, type OpenApiDocument } from './openapi-contract';
import { ROUTE_MATRIX } from './route-matrix';
import { createTestApp, type TestApp } from './test-app';

// The OpenAPI 3.1 document at /api/openapi.json describes every registered route, and
// /api/docs shows it with assets of this origin only, under the app's CSP.

type Operation = {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  'x-roles'?: string[];
  description?: string;
  responses?: Record<string, { description?: string; content?: Record<string, unknown> }>;
};
type Document = OpenApiDocument & {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
};

let t: TestApp;
let doc: Document;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.request({ method: 'GET', url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  doc = res.json();
}, 60_000);
afterAll(() => t.close());

/** Swagger UI's own routes: the page and its assets, not operations of the API. */
const isDocsUi = (url: string) => url === '/api/docs' || url.startsWith('/api/docs/');

/** Registered API routes as [METHOD, OpenAPI path], without the HEAD twins of GET routes. */
function registeredOperations(): [string, string][] {
  const table = t.app.routeTable.filter((r) => r.url.startsWith('/api') && !isDocsUi(r.url));
  const gets = new Set(table.filter((r) => r.method === 'GET').map((r) => r.url));
  return table
    .filter((r) => !(r.method === 'HEAD' && gets.has(r.url)))
    .map((r) => [r.method, r.url.replace(/:(\w+)/g, '{$1}')]);
}

const operation = (method: string, path: string) => doc.paths[path]?.[method.toLowerCase()];

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 with every registered route, each with operationId, summary, tag and responses', () => {
    expect(doc.openapi).toBe('3.1.0');
    const registered = registeredOperations();
    expect(registered.length).toBeGreaterThan(60);
    const problems: string[] = [];
    for (const [method, path] of registered) {
      const op = operation(method, path);
      if (!op) {
        problems.push(`${method} ${path}: missing from the document`);
        continue;
      }
      if (!op.operationId || !/^[a-z][A-Za-z0-9]+$/.test(op.operationId)) {
        problems.push(`${method} ${path}: no camelCase operationId`);
      }
      if (!op.summary) problems.push(`${method} ${path}: no summary`);
      if (!op.tags?.length) problems.push(`${method} ${path}: no tag`);
      const statuses = Object.keys(op.responses ?? {});
      if (!statuses.some((s) => /^2\d\d$/.test(s))) {
        problems.push(`${method} ${path}: no success response`);
      }
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (!response.description || response.description === 'Default Response') {
          problems.push(`${method} ${path} ${status}: no description`);
        }
      }
    }
    expect(problems).toEqual([]);
    const ids = registered.map(([m, p]) => operation(m, p)?.operationId);
    expect(new Set(ids).size, 'operationIds are unique').toBe(ids.length);
  });

  it('describes every error with the one error shape', () => {
    const problems: string[] = [];
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const [status, response] of Object.entries(op.responses ?? {})) {
          if (Number(status) < 400) continue;
          const schema = (response.content?.['application/json'] as { schema?: unknown })?.schema;
          if (JSON.stringify(schema) !== '{"$ref":"#/components/schemas/ErrorResponse"}') {
            problems.push(`${method} ${path} ${status}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
    expect(doc.components?.schemas?.ErrorResponse).toMatchObject({
      type: 'object',
      required: ['statusCode', 'error', 'code', 'message'],
    });
  });

  it('states who may call each route as the authorization matrix finds it: bearer and x-roles', () => {
    const problems: string[] = [];
    for (const [route, row] of Object.entries(ROUTE_MATRIX)) {
      const [method, url] = route.split(' ') as [string, string];
      const op = operation(method, url.replace(/:(\w+)/g, '{$1}'));
      if (!op) continue; // the first test names it
      const [anonymous, ...signedIn] = row.expect;
      const bearer = op.security?.some((s) => 'bearerAuth' in s) ?? false;
      if (bearer && anonymous !== 401) problems.push(`${route}: bearer, but open to anyone`);
      if (!bearer && anonymous === 401 && signedIn.some((s) => s < 300)) {
        problems.push(`${route}: signed-in only, but no bearer security`);
      }
      if (String(anonymous) in (op.responses ?? {}) === false) {
        problems.push(`${route}: anonymous ${anonymous} not documented`);
      }
      const refusesSome = signedIn.includes(403);
      if (refusesSome && !op['x-roles']?.length) problems.push(`${route}: x-roles`);
      if (refusesSome && !op.description?.includes('Kräver inloggning med rollen')) {
        problems.push(`${route}: roles in the description`);
      }
      if (signedIn.some((s) => !(String(s) in (op.responses ?? {})))) {
        problems.push(`${route}: ${signedIn.join('/')} not all documented`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('compiles: every reply schema is valid JSON Schema 2020-12 and every reference resolves', () => {
    const checker = createContractChecker(doc);
    // A reply that conforms passes; an undocumented status is named.
    const health = { method: 'GET', url: '/api/health', headers: {} };
    const json = { 'content-type': 'application/json; charset=utf-8' };
    expect(
      checker.check({
        ...health,
        statusCode: 200,
        headers: json,
        body: Buffer.from('{"status":"ok"}'),
      }),
    ).toBeNull();
    expect(
      checker.check({ ...health, statusCode: 418, headers: json, body: Buffer.from('{}') }),
    ).toMatch(/status not documented/);
    expect(
      checker.check({
        ...health,
        statusCode: 200,
        headers: json,
        body: Buffer.from('{"status":"nej"}'),
      }),
    ).toMatch(/must be equal to one of the allowed values/);
    // Every schema of every response compiles (a broken $ref or keyword throws here).
    for (const [path, methods] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(methods)) {
        for (const status of Object.keys(op.responses ?? {})) {
          const url = path.replace(/\{\w+\}/g, '00000000-0000-4000-8000-000000000000');
          expect(() =>
            checker.check({
              method: method.toUpperCase(),
              url,
              statusCode: Number(status),
              headers: json,
              body: Buffer.from('null'),
            }),
          ).not.toThrow();
        }
      }
    }
  });

  it('documents the payload forms the spec leaves open (home_gates)', () => {
    const text = JSON.stringify(doc.paths['/api/matches/{id}/nominations']);
    expect(text).toContain('"enum":["1-3","2-4"]');
    expect(text).toContain("'1-3' (spår 1 och 3) eller '2-4'");
    const heat = JSON.stringify(doc.paths['/api/matches/{id}/heat/{heatNumber}/save']);
    expect(heat).toContain('Heatets nummer, 1–15');
    expect(heat).toContain('Placering 1–4 för en förare i mål');
  });
});

describe('the contract check of the test apps', () => {
  it('records every reply of request() and fails the file on one the document does not describe', async () => {
    expect(t.contract, 'test-app checks replies unless OPENAPI_CONTRACT=0').not.toBeNull();
    const contract = recordContract(doc);
    const call = { method: 'GET', url: '/api/account/me' } as const;
    contract.record(call, await t.request(call));
    expect(() => contract.assertConforms()).not.toThrow();
    const teapot = { ...(await t.request(call)), statusCode: 418 } as LightMyRequestResponse;
    contract.record(call, teapot);
    expect(() => contract.assertConforms()).toThrow(/GET \/api\/account\/me → 418/);
  });

  it('names the Idempotent-Replayed header of a replayable write and Retry-After of a 429', () => {
    const save = operation('POST', '/api/matches/{id}/heat/{heatNumber}/save');
    const headers = (status: string) =>
      (save?.responses?.[status] as { headers?: Record<string, unknown> })?.headers ?? {};
    expect(Object.keys(headers('200'))).toEqual(['idempotent-replayed']);
    expect(Object.keys(headers('429'))).toEqual(['retry-after']);
    const params = (save as { parameters?: { in: string; name: string }[] }).parameters ?? [];
    expect(params.filter((p) => p.in === 'header').map((p) => p.name)).toEqual([
      'idempotency-key',
      'if-match',
    ]);
  });
});

describe('/api/docs', () => {
  it('serves Swagger UI from this origin only, under the app’s CSP', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['content-security-policy']).toBe(
      securityHeaders(SECURITY_OPTIONS)['content-security-policy'],
    );
    expect(res.body).toContain('swagger-ui-bundle.js');
    // No absolute URL at all: no CDN, no other host.
    expect(res.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const assets = [...res.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(3);
    for (const asset of assets) {
      const file = await t.request({ method: 'GET', url: asset });
      expect(file.statusCode, asset).toBe(200);
    }
    const init = await t.request({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    // Its only URLs are comments; the document comes from this origin, no validator is asked.
    expect(init.body.replace(/\/\/ .*$/gm, '')).not.toMatch(/https?:\/\//);
    expect(init.body).toContain('validatorUrl: null');
    expect(init.body).toContain("url: resolveUrl('./json')");
  });

  it('is not the SPA’s page where a web build is served, and is throttled like the rest of /api', async () => {
    const webDist = mkdtempSync(path.join(tmpdir(), 'speedway-web-'));
    writeFileSync(path.join(webDist, 'index.html'), '<!doctype html><title>SPA</title>');
    const limited = await createTestApp({ API_RATE_LIMIT: '2', WEB_DIST: webDist });
    try {
      expect((await limited.request({ method: 'GET', url: '/inget' })).body).toContain('SPA');
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.request({
          method: 'GET',
          url: i === 1 ? '/api/openapi.json' : '/api/docs',
          headers: { 'x-forwarded-for': '10.99.0.1' },
        });
        statuses.push(res.statusCode);
        if (i === 0) expect(res.body).toContain('swagger-ui-bundle.js');
      }
      expect(statuses).toEqual([200, 200, 429]);
    } finally {
      await limited.close();
      rmSync(webDist, { recursive: true, force: true });
    }
  });
});
