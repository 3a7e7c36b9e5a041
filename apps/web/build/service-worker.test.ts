import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectConsoleWarn } from '../src/testing/strict-test';
import { buildServiceWorker, shellBuild } from './service-worker';

let dist: string;

function write(rel: string, content: string) {
  const file = path.join(dist, rel);
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

const ROUTES = [
  { path: '/', file: 'prerendered/home.html' },
  { path: '/match/:id', file: 'prerendered/match-id.html' },
];

beforeEach(() => {
  dist = mkdtempSync(path.join(tmpdir(), 'speedway-sw-'));
  write('index.html', '<!doctype html><div id="root"></div>');
  write('index.html.br', 'compressed');
  write('index.html.gz', 'compressed');
  write('assets/index-abc123.js', 'console.log(1)');
  write('assets/index-abc123.js.br', 'compressed');
  write('icon-192.png', 'png');
  write('manifest.webmanifest', '{}');
  write('sw.js', 'the previous worker');
  write('prerendered/home.html', 'home');
  write('prerendered/match-id.html', 'match');
  write('prerendered/routes.json', JSON.stringify(ROUTES));
});
afterEach(() => rmSync(dist, { recursive: true, force: true }));

describe('shellBuild', () => {
  it('lists every page and asset of the build, without compressed copies or the worker', async () => {
    const shell = await shellBuild(dist);
    expect(shell.entries.map((entry) => entry.url)).toEqual([
      '/assets/index-abc123.js',
      '/icon-192.png',
      '/index.html',
      '/manifest.webmanifest',
      '/prerendered/home.html',
      '/prerendered/match-id.html',
      '/prerendered/routes.json',
    ]);
    expect(shell.routes).toEqual(ROUTES);
  });

  it('hashes the content of files whose name does not change with it', async () => {
    const { entries } = await shellBuild(dist);
    const revision = (url: string) => entries.find((entry) => entry.url === url)?.revision;
    expect(revision('/assets/index-abc123.js')).toBeNull();
    expect(revision('/index.html')).toMatch(/^[0-9a-f]{16}$/);
    expect(revision('/index.html')).not.toBe(revision('/prerendered/home.html'));
  });

  it('moves its version with one byte of any file, and only then', async () => {
    const before = await shellBuild(dist);
    expect((await shellBuild(dist)).version).toBe(before.version);
    write('prerendered/home.html', 'homE');
    const after = await shellBuild(dist);
    expect(after.version).toMatch(/^[0-9a-f]{16}$/);
    expect(after.version).not.toBe(before.version);
  });
});

describe('buildServiceWorker', () => {
  it('writes sw.js with the build inlined, and its compressed copies', async () => {
    // Rolldown says it drops React Query's "use client" (src/lib/offline/device-copy.ts brings
    // the package in); the worker needs none, so it is expected here, not a failure.
    expectConsoleWarn(/MODULE_LEVEL_DIRECTIVE.*"use client"/s);
    const shell = await buildServiceWorker({
      root: path.resolve(import.meta.dirname, '..'),
      outDir: dist,
    });
    const worker = readFileSync(path.join(dist, 'sw.js'), 'utf8');
    expect(worker).not.toBe('the previous worker');
    expect(worker).toContain(shell.version);
    expect(worker).toContain('/prerendered/match-id.html');
    expect(worker).toContain('speedway-shell-');
    expect(worker).not.toContain('__SHELL_BUILD__');
    expect(readFileSync(path.join(dist, 'sw.js.br')).length).toBeGreaterThan(0);
    // The worker is a classic script: no import or export statements left.
    expect(worker).not.toMatch(/^\s*(import|export)\s/m);
  });
});
