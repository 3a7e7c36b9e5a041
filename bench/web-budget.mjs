// Web budget (DESIGN.md): the JavaScript a first visit downloads, gzip-compressed, against
// 150 KiB: the entry module, the app it starts after the first paint (its dynamic import, which
// Vite preloads with all its dependencies) and everything those import statically. Reads the
// built apps/web/dist.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from './lib.mjs';

const dist = path.join(root, 'apps/web/dist');
const assets = path.join(dist, 'assets');
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
const entries = [...html.matchAll(/<script[^>]+src="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]);
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="\/([^"]+\.css)"/g)].map(
  (m) => m[1],
);

const read = (file) => readFileSync(path.join(assets, file), 'utf8');
const staticImports = (code) =>
  [...code.matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g)].map((m) => m[1]);
const initial = new Set();
const visit = (file) => {
  if (initial.has(file)) return;
  initial.add(file);
  staticImports(read(file)).forEach(visit);
};
for (const entry of entries) {
  visit(entry);
  const code = read(entry);
  // The app the entry starts: import("./start-….js") and the dependencies Vite preloads with it.
  for (const m of code.matchAll(/import\(["`]\.\/([\w.-]+\.js)["`]\)/g)) visit(m[1]);
  for (const m of code.matchAll(/"assets\/([\w.-]+\.js)"/g)) visit(m[1]);
}
const size = (file) => gzipSync(readFileSync(file), { level: 9 }).length;
const js = [...initial].reduce((sum, f) => sum + size(path.join(assets, f)), 0);
const styles = css.reduce((sum, f) => sum + size(path.join(dist, f)), 0);
const budget = 150 * 1024;
console.log(
  `\nWeb entry: ${initial.size} JS files, ${(js / 1024).toFixed(1)} KiB gzip (budget 150 KiB: ${js <= budget ? 'ok' : 'OVER BUDGET'}); CSS ${(styles / 1024).toFixed(1)} KiB gzip`,
);
