// Installs the workspace's packages when they are missing or older than the lock file, so that
// `npm start` and `npm test` work as the first commands on a fresh clone.
import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

const marker = 'node_modules/.package-lock.json';
const lock = 'package-lock.json';
const stale =
  !existsSync(marker) ||
  !existsSync('node_modules/.bin/node') ||
  (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);

if (stale) {
  console.log('Installerar beroenden (npm install)…');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}
