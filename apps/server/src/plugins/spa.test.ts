import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { prerenderedPageFinder } from './spa';

const dist = mkdtempSync(path.join(tmpdir(), 'speedway-web-'));

/** A file as the web build writes it: itself, and its brotli and gzip copies. */
function writeBuilt(rel: string, content: string) {
  const file = path.join(dist, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
  writeFileSync(`${file}.br`, brotliCompressSync(content));
  writeFileSync(`${file}.gz`, gzipSync(content));
}

const SHELL = '<!doctype html><title>Speedway</title><div id="root">skal</div>';
const AUTH = '<!doctype html><div id="root" data-hydrate="/auth signed-out">Logga in</div>';
const MATCH = '<!doctype html><div id="root"><div data-shell="session">protokoll</div></div>';
const SCRIPT = `console.log(${JSON.stringify('x'.repeat(2000))})`;

let t: TestApp;
beforeAll(async () => {
  writeBuilt('index.html', SHELL);
  writeBuilt('assets/index-abc123.js', SCRIPT);
  writeBuilt('sw.js', 'self.addEventListener("install",()=>{})');
  writeBuilt('before-paint.js', `document.documentElement.classList.toggle('dark', false);`);
  writeBuilt('manifest.webmanifest', JSON.stringify({ name: 'Speedway Elitserien' }));
  writeBuilt('prerendered/auth.html', AUTH);
  writeBuilt('prerendered/match-id.html', MATCH);
  writeBuilt(
    'prerendered/routes.json',
    JSON.stringify([
      { path: '/auth', file: 'prerendered/auth.html' },
      { path: '/match/:id', file: 'prerendered/match-id.html' },
    ]),
  );
  t = await createTestApp({ WEB_DIST: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.request({ method: 'GET', url, headers });

/** The body as the browser sees it, whatever the encoding. */
function decoded(res: Awaited<ReturnType<typeof get>>): string {
  const raw = res.rawPayload;
  switch (res.headers['content-encoding']) {
    case 'br':
      return brotliDecompressSync(raw).toString();
    case 'gzip':
      return gunzipSync(raw).toString();
    default:
      return raw.toString();
  }
}

describe('serving the single-page app', () => {
  it('answers client routes with index.html, revalidated on every visit', async () => {
    for (const url of ['/', '/account/security', '/tabell', '/auth/verify-email?token=x']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toBe(SHELL);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers a route the build prerendered with its own page, parameters included', async () => {
    expect((await get('/auth')).body).toBe(AUTH);
    expect((await get('/auth?from=x')).body).toBe(AUTH);
    expect((await get('/match/123')).body).toBe(MATCH);
    expect((await get('/match/123/extra')).body).toBe(SHELL);
  });

  it('serves hashed assets as immutable and the service worker as no-cache', async () => {
    const asset = await get('/assets/index-abc123.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const sw = await get('/sw.js');
    expect(sw.statusCode).toBe(200);
    expect(sw.headers['cache-control']).toBe('no-cache');
  });

  it('lets a repeat visit reuse the script that runs before the first paint for a while', async () => {
    const res = await get('/before-paint.js', { 'accept-encoding': 'br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=600, stale-while-revalidate=86400');
  });

  it('keeps real 404s for missing files and unknown API paths', async () => {
    const missing = await get('/assets/finns-inte.js');
    expect(missing.statusCode).toBe(404);
    const api = await get('/api/inget-sadant');
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({
      statusCode: 404,
      code: 'NOT_FOUND',
      message: 'Resursen finns inte.',
    });
  });

  it('sends a CSP that allows only this origin’s scripts', async () => {
    const res = await get('/');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain("script-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
  });
});

describe('precompressed delivery', () => {
  const cases = [
    ['a hashed asset', '/assets/index-abc123.js', SCRIPT, 'javascript'],
    ['the shell for a client route', '/account', SHELL, 'text/html'],
    ['a prerendered page', '/auth', AUTH, 'text/html'],
    ['a prerendered page with a parameter', '/match/42', MATCH, 'text/html'],
    ['the service worker', '/sw.js', 'self.addEventListener("install",()=>{})', 'javascript'],
    ['the web manifest', '/manifest.webmanifest', '{"name":"Speedway Elitserien"}', 'manifest'],
  ] as const;

  it.each(cases)('sends %s as brotli when the browser takes it', async (_, url, body, type) => {
    const res = await get(url, { 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toContain(type);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(res)).toBe(body);
  });

  it.each(cases)('sends %s as gzip to a browser without brotli', async (_, url, body) => {
    const res = await get(url, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(decoded(res)).toBe(body);
  });

  it.each(cases)('sends %s as it is when no encoding is accepted', async (_, url, body) => {
    const res = await get(url, { 'accept-encoding': 'identity' });
    expect(res.headers['content-encoding']).toBeUndefined();
    // A shared cache must not hand this copy to a browser that takes brotli.
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.body).toBe(body);
  });

  it('lets pages revalidate: an unchanged page is a 304 by its ETag', async () => {
    const headers = { 'accept-encoding': 'br' };
    const first = await get('/auth', headers);
    expect(first.headers.etag).toBeTruthy();
    expect(first.headers['cache-control']).toBe('no-cache');
    const again = await get('/auth', { ...headers, 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
  });
});

describe('prerenderedPageFinder', () => {
  const find = prerenderedPageFinder([
    { path: '/', file: 'home.html' },
    { path: '/my-matches/:tab', file: 'tab.html' },
    { path: '/my-matches/saved/:userMatchId', file: 'saved.html' },
    { path: '/matches/official/:officialId', file: 'official.html' },
    { path: '/account/profile', file: 'profile.html' },
    { path: '/account/:page', file: 'account-page.html' },
  ]);

  it('matches literal segments exactly and a parameter to any one segment', () => {
    expect(find('/')).toBe('home.html');
    expect(find('/my-matches/saved-protocols')).toBe('tab.html');
    expect(find('/my-matches/saved/7')).toBe('saved.html');
    expect(find('/matches/official/abc')).toBe('official.html');
    expect(find('/matches/official')).toBeNull();
    expect(find('/okänd')).toBeNull();
  });

  it('prefers a literal segment to a parameter, and ignores trailing slashes', () => {
    expect(find('/account/profile')).toBe('profile.html');
    expect(find('/account/profile/')).toBe('profile.html');
    expect(find('/account/security')).toBe('account-page.html');
  });
});
