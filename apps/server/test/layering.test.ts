import { ESLint } from 'eslint';
import { rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The server's and the web's layers as eslint.config.js enforces them (import-x/no-restricted-paths,
// zones made by serverLayers() and webLayers()): a snippet that breaks one is refused, its allowed
// twin is not. The files named need not exist; their imports resolve from where they would be.

// Without a trailing slash: ESLint given 'repo/' as its cwd matched no web file to its config.
const root = path.resolve(fileURLToPath(new URL('../../..', import.meta.url)));
const eslint = new ESLint({
  cwd: root,
  // Only the import zones: no type information (a program of the whole server) is needed.
  overrideConfig: { languageOptions: { parserOptions: { projectService: false } } },
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});
// The web's files as `npm run lint` sees them: with the server's override above, the resolver left
// the web's '@/…' imports unresolved.
const webEslint = new ESLint({
  cwd: root,
  ruleFilter: ({ ruleId }) => ruleId === 'import-x/no-restricted-paths',
});

/** The layering messages ESLint gives `code` as the file `file` under apps/server/src. */
async function breaches(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, {
    filePath: path.join(root, 'apps/server/src', file),
  });
  return layeringErrors(result!);
}

/**
 * The same for apps/web/src, from a file written there for the moment of the check: the web imports
 * through the '@/' alias, which the TypeScript resolver maps only for files on disk (linted as
 * text, '@/…' stays unresolved and no zone could see it).
 */
async function webBreaches(file: string, code: string): Promise<string[]> {
  const filePath = path.join(root, 'apps/web/src', file);
  await writeFile(filePath, code, { flag: 'wx' });
  try {
    const [result] = await webEslint.lintFiles([filePath]);
    return layeringErrors(result!);
  } finally {
    await rm(filePath);
  }
}

function layeringErrors(result: ESLint.LintResult): string[] {
  const errors = result.messages.filter((m) => m.fatal || m.severity === 2);
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

describe('the web layering rule', () => {
  const web = (file: string, code: string) => webBreaches(file, code);

  it('lets a feature use another only through its index.ts', async () => {
    expect(
      await web(
        'features/standings/layering-probe.ts',
        "export { getTeamsQueryOptions } from '@/features/teams/api/get-teams';\n",
      ),
    ).toEqual([expect.stringMatching(/only through its index\.ts/)]);
    expect(
      await web(
        'features/standings/layering-probe.ts',
        "export { getTeamsQueryOptions } from '@/features/teams';\n",
      ),
    ).toEqual([]);
  });

  it('keeps the app out of features, and features and the app out of lib and components', async () => {
    expect(
      await web('features/teams/layering-probe.ts', "export { routes } from '@/app/router';\n"),
    ).toEqual([expect.stringMatching(/does not import the app/)]);
    for (const file of ['lib/layering-probe.ts', 'components/layering-probe.tsx']) {
      expect(await web(file, "export { getTeamsQueryOptions } from '@/features/teams';\n")).toEqual(
        [expect.stringMatching(/Shared layers .* import no feature/)],
      );
    }
  });

  it('lets a test use another feature’s testing helpers', async () => {
    expect(
      await web(
        'features/official-matches/layering-probe.test.tsx',
        "export { squadRoutes } from '@/features/protocol/testing/server';\n",
      ),
    ).toEqual([]);
  });
});
