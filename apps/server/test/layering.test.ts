import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's layers as eslint.config.js enforces them (import-x/no-restricted-paths, zones made
// by serverLayers()): a snippet that breaks one is refused, its allowed twin is not. The files
// named need not exist; their imports resolve from where they would be.

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({
  cwd: root,
  // Only the import zones: no type information (a program of the whole server) is needed.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});

/** The layering messages ESLint gives `code` as the file `file` under apps/server/src. */
async function breaches(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: path.join(root, 'apps/server/src', file),
  });
  const errors = result!.messages.filter((m) => m.fatal || m.severity === 2);
  for (const error of errors) expect(error.ruleId).toBe('import-x/no-restricted-paths');
  return errors.map((m) => m.message);
}

describe('the server layering rule', () => {
  it('lets a feature use another only through its index.ts', async () => {
    const internals = await breaches(
      'features/live/new-thing.ts',
      "export { matchesRepository } from '../protocol/protocol.repository';\n",
    );
    expect(internals).toEqual([expect.stringMatching(/only through its index\.ts/)]);
    expect(
      await breaches(
        'features/live/new-thing.ts',
        "export { toMatch } from '../protocol/index';\n",
      ),
    ).toEqual([]);
  });

  it('refuses a feature that imports one after it in serverFeatures() (no cycles)', async () => {
    const upward = await breaches(
      'features/official/new-thing.ts',
      "export { recompareSavedMatches } from '../protocol/index';\n",
    );
    expect(upward).toEqual([expect.stringMatching(/only the features before it/)]);
  });

  it('keeps lib, plugins and db free of features', async () => {
    for (const file of ['lib/new-thing.ts', 'plugins/new-thing.ts', 'db/new-thing.ts']) {
      const found = await breaches(file, "export { signedIn } from '../features/auth/index';\n");
      expect(found).toEqual([expect.stringMatching(/Shared layers import no feature/)]);
    }
  });

  it('keeps the HTTP layer out of services', async () => {
    const code = "export { ifMatchOf } from '../../plugins/precondition';\n";
    expect(await breaches('features/protocol/new-thing.service.ts', code)).toEqual([
      expect.stringMatching(/Only \*\.routes\.ts files use the HTTP layer/),
    ]);
    expect(await breaches('features/protocol/new-thing.routes.ts', code)).toEqual([]);
  });

  it('lets jobs and cli use a feature only through its index.ts', async () => {
    expect(
      await breaches(
        'jobs/new-thing.ts',
        "export { sessionsRepository } from '../features/auth/sessions.repository';\n",
      ),
    ).toEqual([expect.stringMatching(/only through its index\.ts/)]);
    expect(
      await breaches(
        'cli/new-thing.ts',
        "export { pruneExpired } from '../features/auth/index';\n",
      ),
    ).toEqual([]);
  });
});
