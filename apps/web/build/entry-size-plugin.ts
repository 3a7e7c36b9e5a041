import { gzipSync } from 'node:zlib';
import type { Plugin, Rolldown } from 'vite';
import { GZIP_AS_SERVED } from './compress.ts';

function chunksOf(bundle: Rolldown.OutputBundle): Map<string, Rolldown.OutputChunk> {
  return new Map(
    Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])),
  );
}

/** The entry chunk, the app it starts (its dynamic imports) and all they import statically. */
function startClosure(chunks: Map<string, Rolldown.OutputChunk>): Set<string> {
  const initial = new Set<string>();
  const visit = (fileName: string) => {
    if (initial.has(fileName)) return;
    initial.add(fileName);
    chunks.get(fileName)?.imports.forEach(visit);
  };
  chunks.forEach((chunk) => {
    if (chunk.isEntry) [chunk.fileName, ...chunk.dynamicImports].forEach(visit);
  });
  return initial;
}

/**
 * Fills `into` with the chunks every page loads at its start, once the bundle is known and before
 * Vite writes each dynamic import's list of chunks to preload (vite.config.ts leaves these out).
 */
export function startChunksOf(into: Set<string>): Plugin {
  return {
    name: 'speedway:start-chunks',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle(_options, bundle) {
      into.clear();
      for (const fileName of startClosure(chunksOf(bundle))) into.add(fileName);
    },
  };
}

/**
 * Prints what a first visit downloads: the entry chunk, the app it starts and every chunk they
 * import statically, gzipped. Lazy route chunks are left out; they are what keeps this number
 * under budget. Over budget the build warns, and fails under CI=true (.ci/run sets it): a change
 * that grows the entry past its budget does not land unnoticed.
 */
export function entrySizeReport(budgetKiB: number): Plugin {
  return {
    name: 'speedway:entry-size',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    // After the files are written: the chunks as served, with what Vite adds last (its lists of
    // the chunks to preload with each dynamic import, ~3 KiB of the entry).
    writeBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const initial = startClosure(chunks);
      let total = 0;
      for (const fileName of initial) {
        // As the server sends it to a gzip client.
        const size = gzipSync(chunks.get(fileName)?.code ?? '', GZIP_AS_SERVED).length;
        total += size;
        this.info(`initial JS ${fileName}: ${(size / 1024).toFixed(1)} KiB gzip`);
      }
      const message = `entry JS total: ${(total / 1024).toFixed(1)} KiB gzip (budget ${budgetKiB} KiB)`;
      if (total <= budgetKiB * 1024) this.info(message);
      else if (process.env.CI === 'true') this.error(`${message}: over budget`);
      else this.warn(message);
    },
  };
}
