// Installs the workspace's packages when they are missing or older than the lock file, so that
// `npm start` and `npm test` work as the first commands on a fresh clone.
//
// The install runs on the project's own Node (the `node` devDependency, which `engines` and the
// dependencies demand), not on whatever older Node started npm: npm checks every package's
// `engines` against the Node it runs on, and would warn (EBADENGINE) for dozens of them. On a
// fresh clone that Node is fetched first, alone, into a folder of its own.
import { execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const at = (...parts) => path.join(root, ...parts);
const pinned = JSON.parse(readFileSync(at('package.json'), 'utf8')).devDependencies.node;

const marker = at('node_modules/.package-lock.json');
const lock = at('package-lock.json');
const stale =
  !existsSync(marker) ||
  !existsSync(at('node_modules/.bin/node')) ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);

/** npm's own entry script: the npm that runs this script, else the one on the PATH. */
function npmCli() {
  const fromNpm = process.env.npm_execpath;
  if (fromNpm && /npm-cli\.c?js$/.test(fromNpm)) return fromNpm;
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    const npm = path.join(dir, 'npm');
    if (existsSync(npm)) {
      const real = realpathSync(npm);
      if (/npm-cli\.c?js$/.test(real)) return real;
    }
  }
  throw new Error('npm not found: install npm (≥ 10) with Node.js');
}

const versionOf = (node) => {
  try {
    return execFileSync(node, ['--version'], { encoding: 'utf8' }).trim();
  } catch {
    return undefined;
  }
};

/** A Node of the pinned version to run npm on, and what to clean up after. */
function pinnedNode(cli) {
  if (process.version === `v${pinned}`) return { node: process.execPath, done: () => {} };
  const installed = at('node_modules/node/bin/node');
  if (versionOf(installed) === `v${pinned}`) return { node: installed, done: () => {} };
  const dir = mkdtempSync(path.join(tmpdir(), 'speedway-node-'));
  // The `node` package fetches its platform's binary in an install script, which npm runs
  // only for packages the project approves (allowScripts).
  writeFileSync(
    path.join(dir, 'package.json'),
    JSON.stringify({ private: true, allowScripts: { node: true } }),
  );
  execFileSync(
    process.execPath,
    [cli, 'install', '--prefix', dir, '--no-save', '--no-audit', '--no-fund', `node@${pinned}`],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return {
    node: path.join(dir, 'node_modules/node/bin/node'),
    done: () => rmSync(dir, { recursive: true, force: true }),
  };
}

if (stale) {
  console.log(`Installing dependencies (npm install on Node ${pinned})…`);
  const cli = npmCli();
  const { node, done } = pinnedNode(cli);
  try {
    execFileSync(node, [cli, 'install', '--no-audit', '--no-fund'], {
      cwd: root,
      stdio: 'inherit',
    });
  } finally {
    done();
  }
}
