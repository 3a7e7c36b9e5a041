import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * Fills each set of `closures` (keyed by a file relative to the root) with the ids of every
 * module that file imports statically, itself included, once the module graph is known and
 * before the bundle is split into chunks: for code-splitting groups (vite.config.ts).
 */
export function staticClosures(closures: Record<string, Set<string>>): Plugin {
  let root = '';
  return {
    name: 'speedway:static-closures',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    configResolved(config) {
      root = config.root;
    },
    buildEnd() {
      for (const [entry, into] of Object.entries(closures)) {
        into.clear();
        const visit = (id: string) => {
          if (into.has(id)) return;
          into.add(id);
          for (const child of this.getModuleInfo(id)?.importedIds ?? []) visit(child);
        };
        const start = path.resolve(root, entry);
        if (!this.getModuleInfo(start)) this.error(`${entry} is not in the module graph`);
        visit(start);
      }
    },
  };
}
