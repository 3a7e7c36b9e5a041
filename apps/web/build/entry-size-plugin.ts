import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

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
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item]] : [],
        ),
      );
      const initial = new Set<string>();
      const visit = (fileName: string) => {
        if (initial.has(fileName)) return;
        initial.add(fileName);
        chunks.get(fileName)?.imports.forEach(visit);
      };
      // The entry starts the app with a dynamic import (src/main.tsx): that is downloaded too.
      chunks.forEach((chunk) => {
        if (chunk.isEntry) [chunk.fileName, ...chunk.dynamicImports].forEach(visit);
      });
      let total = 0;
      for (const fileName of initial) {
        const size = gzipSync(chunks.get(fileName)?.code ?? '').length;
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
