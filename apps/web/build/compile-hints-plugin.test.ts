import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { build } from 'vite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { COMPILE_HINT, compileHints, withCompileHint } from './compile-hints-plugin';

let root: string;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'speedway-hints-'));
  writeFileSync(
    path.join(root, 'main.js'),
    `/* a comment the minifier drops */
     export function start() { return import('./page.js').then((page) => page.render()); }
     start();`,
  );
  writeFileSync(path.join(root, 'page.js'), `export function render() { return 'sida'; }`);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('compileHints', () => {
  it('starts every chunk of a minified build with V8’s compile hint, the entry and a lazy one', async () => {
    const outDir = path.join(root, 'dist');
    await build({
      root,
      configFile: false,
      logLevel: 'silent',
      plugins: [compileHints()],
      build: {
        outDir,
        minify: true,
        modulePreload: false,
        rolldownOptions: { input: path.join(root, 'main.js') },
      },
    });
    const chunks = readdirSync(path.join(outDir, 'assets')).filter((f) => f.endsWith('.js'));
    expect(chunks).toHaveLength(2);
    for (const chunk of chunks) {
      const code = readFileSync(path.join(outDir, 'assets', chunk), 'utf8');
      // First, on a line of its own: V8 reads it only there.
      expect(code.startsWith(COMPILE_HINT)).toBe(true);
      expect(code.split(COMPILE_HINT)).toHaveLength(2);
    }
  });

  it('adds the hint once', () => {
    expect(withCompileHint(withCompileHint('f()'))).toBe(`${COMPILE_HINT}f()`);
  });
});
