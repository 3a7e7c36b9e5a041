import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'vite';
import type { PrerenderedRoute } from '../src/sw/navigation.ts';
import type { PrecacheEntry, ShellBuild } from '../src/sw/precache.ts';
import { compressFile } from './compress.ts';
import { PRERENDER_DIR, PRERENDER_TABLE } from './prerender.ts';

export const SERVICE_WORKER_FILE = 'sw.js';
/** The build's own hashed files: their name changes with their content. */
const HASHED_DIR = 'assets/';
const WORKSPACE_PACKAGE = /[\\/]packages[\\/](?:speedway|contracts)[\\/]/;
/** The copies the server sends instead of a file; the browser never asks for them by name. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

function contentHash(data: string | Buffer): string {
  return createHash('sha256').update(data).digest('hex').slice(0, 16);
}

/**
 * Everything the worker keeps, read from the finished build (after prerender, which writes the
 * pages and routes.json): every file except the compressed copies and the worker itself.
 */
export async function shellBuild(outDir: string): Promise<ShellBuild> {
  const found = await readdir(outDir, { recursive: true, withFileTypes: true });
  const files = found
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(outDir, path.join(entry.parentPath, entry.name)))
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => !COMPRESSED_COPY.test(file) && file !== SERVICE_WORKER_FILE)
    .sort();
  const entries: PrecacheEntry[] = await Promise.all(
    files.map(async (file) => ({
      url: `/${file}`,
      revision: file.startsWith(HASHED_DIR)
        ? null
        : contentHash(await readFile(path.join(outDir, file))),
    })),
  );
  const routes = JSON.parse(
    await readFile(path.join(outDir, PRERENDER_DIR, PRERENDER_TABLE), 'utf8'),
  ) as PrerenderedRoute[];
  return { version: contentHash(JSON.stringify({ entries, routes })), entries, routes };
}

/**
 * Bundles src/sw/sw.ts into dist/sw.js with the build's file list inlined (and its brotli and
 * gzip copies). Run by buildApp once the pages are prerendered.
 */
export async function buildServiceWorker({ root, outDir }: { root: string; outDir: string }) {
  const shell = await shellBuild(outDir);
  await build({
    configFile: false,
    root,
    logLevel: 'warn',
    publicDir: false,
    define: { __SHELL_BUILD__: JSON.stringify(shell) },
    // sync.ts sends the app's outbox with its own code (src/lib/offline).
    resolve: { alias: { '@': path.join(root, 'src') } },
    build: {
      outDir,
      emptyOutDir: false,
      copyPublicDir: false,
      sourcemap: false,
      minify: true,
      rolldownOptions: {
        // The rules engine and the contracts run nothing on import (DESIGN.md): what the worker
        // does not use of them (the programmes, most schemas) stays out.
        treeshake: { moduleSideEffects: (id) => !WORKSPACE_PACKAGE.test(id) },
      },
      lib: {
        entry: path.join(root, 'src/sw/sw.ts'),
        formats: ['iife'],
        name: 'speedwayServiceWorker',
        fileName: () => SERVICE_WORKER_FILE,
      },
    },
  });
  await compressFile(path.join(outDir, SERVICE_WORKER_FILE));
  return shell;
}
