// Web budget (DESIGN.md): the JavaScript a first visit downloads (the entry module and what it
// preloads), gzip-compressed, against 150 KiB. Reads the built apps/web/dist.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const dist = path.join(root, 'apps/web/dist');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const assets = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((m) => m[1]);
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+\.css)"/g)].map(
  (m) => m[1],
);
const size = (file) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
const js = [...new Set(assets)].reduce((sum, f) => sum + size(f), 0);
const styles = css.reduce((sum, f) => sum + size(f), 0);
const budget = 150 * 1024;
console.log(
  `\nWeb entry: ${new Set(assets).size} JS files, ${(js / 1024).toFixed(1)} KiB gzip (budget 150 KiB: ${js <= budget ? 'ok' : 'OVER BUDGET'}); CSS ${(styles / 1024).toFixed(1)} KiB gzip`,
);
console.log('LCP and INP need Lighthouse/Chrome tracing, which this bench does not run yet.');
