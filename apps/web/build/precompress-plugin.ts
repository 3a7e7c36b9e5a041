import type { Plugin } from 'vite';
import { compressTree } from './compress.ts';

/**
 * Brotli and gzip copies of everything the client build wrote, the public folder included (sw.js,
 * the manifest, the icons), for the server to send as they are. Pages written after the bundle
 * (prerender.ts) compress themselves.
 */
export function precompress(): Plugin {
  return {
    name: 'speedway:precompress',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options) {
      if (!options.dir) return;
      const count = await compressTree(options.dir);
      this.info(`${count} files precompressed (.br, .gz)`);
    },
  };
}
