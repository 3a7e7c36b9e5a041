import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// `npm start` and `npm test` install on first use (scripts/ensure-install.mjs). On a fresh
// machine the Node that starts npm is older than the one the project and its dependencies need
// (engines ≥ 24; many dependencies ^22.14 || ≥ 24): the install must still be quiet and correct.

const root = path.resolve(import.meta.dirname, '../../..');
const rootPkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  engines: { node: string };
  devDependencies: { node: string };
};

/** The machine's own Node: the first `node` on the PATH outside any node_modules. */
function bootstrapPath() {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => !dir.includes('node_modules'))
    .join(path.delimiter);
}

const project = mkdtempSync(path.join(tmpdir(), 'speedway-install-'));
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('the first install of a fresh clone', () => {
  it('runs on the pinned Node, without engine warnings, and only once', () => {
    // A project like this one, down to its engines and its pinned Node, with nothing else.
    writeFileSync(
      path.join(project, 'package.json'),
      JSON.stringify({
        name: 'fresh-clone',
        private: true,
        engines: rootPkg.engines,
        devDependencies: { node: rootPkg.devDependencies.node },
        allowScripts: { node: true },
      }),
    );
    mkdirSync(path.join(project, 'scripts'));
    copyFileSync(
      path.join(root, 'scripts/ensure-install.mjs'),
      path.join(project, 'scripts/ensure-install.mjs'),
    );
    // As typed in a fresh shell: no npm_* settings of the npm that runs this test.
    const env = Object.fromEntries(
      Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k) && k !== 'INIT_CWD'),
    );
    env.PATH = bootstrapPath();
    const bootstrapNode = execFileSync('node', ['--version'], { env, encoding: 'utf8' }).trim();

    const first = spawnSync('node', ['scripts/ensure-install.mjs'], {
      cwd: project,
      env,
      encoding: 'utf8',
      timeout: 300_000,
    });
    const output = `${first.stdout}${first.stderr}`;
    expect(first.status, output).toBe(0);
    expect(output, `bootstrap Node ${bootstrapNode}`).not.toMatch(/EBADENGINE|Unsupported engine/);
    const pinned = path.join(project, 'node_modules/.bin/node');
    expect(existsSync(pinned)).toBe(true);
    expect(execFileSync(pinned, ['--version'], { encoding: 'utf8' }).trim()).toBe(
      `v${rootPkg.devDependencies.node}`,
    );

    const again = spawnSync('node', ['scripts/ensure-install.mjs'], {
      cwd: project,
      env,
      encoding: 'utf8',
    });
    expect(again.status).toBe(0);
    expect(`${again.stdout}${again.stderr}`).toBe('');
  }, 360_000);

  it('is described in the README as engines says', () => {
    const major = /(\d+)/.exec(rootPkg.engines.node)![1];
    const quickStart = readFileSync(path.join(root, 'README.md'), 'utf8').split(
      '## Quick start',
    )[1]!;
    const stated = quickStart.split('\n## ')[0]!;
    expect(stated).toContain(`Node.js ${major}`);
    expect(rootPkg.devDependencies.node.split('.')[0]).toBe(major);
  });
});
