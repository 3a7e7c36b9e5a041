import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** gzip as the server sends it (the strongest setting); the entry-size report measures with it. */
export const GZIP_AS_SERVED = { level: constants.Z_BEST_COMPRESSION };

/** What a browser downloads as text; raster images and fonts are compressed already. */
const COMPRESSIBLE = /\.(?:html|js|mjs|css|svg|json|webmanifest|txt|xml|map)$/i;

export function isCompressible(file: string): boolean {
  return COMPRESSIBLE.test(file);
}

/**
 * Writes `file.br` and `file.gz` beside `file`, both at their strongest settings: they are made
 * once at build time, so the time it takes does not matter, and the server sends them as they are
 * (@fastify/static's preCompressed). A variant that would not be smaller is left out (and a stale
 * one removed), so the server falls back to the next encoding or the file itself.
 */
export async function compressFile(file: string): Promise<void> {
  const data = await readFile(file);
  const variants: [string, Buffer][] = [
    [
      '.br',
      await brotli(data, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    ],
    ['.gz', await gzipAsync(data, GZIP_AS_SERVED)],
  ];
  for (const [extension, packed] of variants) {
    if (packed.length < data.length) await writeFile(file + extension, packed);
    else await rm(file + extension, { force: true });
  }
}

/** Compresses every compressible file under `dir`; returns how many. */
export async function compressTree(dir: string): Promise<number> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && isCompressible(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
  // zlib's async calls run on libuv's thread pool, so this uses every core.
  await Promise.all(files.map(compressFile));
  return files.length;
}
