import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMailbox } from './mailbox';
import { freePort } from './ports';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Starts a real SMTP server and the built app on its own embedded PostgreSQL in a temporary
 * DATA_DIR; tests reach both through environment variables.
 */
export default async function globalSetup() {
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
  if (!existsSync(chromium)) {
    throw new Error(
      `Chromium not found at ${chromium}: install Debian's chromium-headless-shell (apt-get install chromium chromium-headless-shell)`,
    );
  }
  const server = path.join(root, 'apps/server/dist/server.js');
  if (!existsSync(server) || !existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('Build the app first (npm run build)');
  }
  const mailDir = path.join(root, 'e2e/artifacts/mail');
  rmSync(mailDir, { recursive: true, force: true });
  mkdirSync(mailDir, { recursive: true });
  const mailbox = await startMailbox(mailDir);

  const dataDir = mkdtempSync(path.join(tmpdir(), 'speedway-e2e-'));
  chmodSync(dataDir, 0o755);
  const port = await freePort();
  const baseUrl = `http://localhost:${port}`;
  const child = spawn(process.execPath, [server], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      APP_URL: baseUrl,
      SMTP_URL: mailbox.url,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      INIT_CWD: root,
      // The browser and the set-up calls reach the server on loopback; set-up sign-ups name
      // their own client IP through X-Forwarded-For, as a reverse proxy would.
      TRUST_PROXY: 'loopback',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}`);
    const ok = await fetch(`${baseUrl}/api/health`)
      .then((r) => r.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > until) throw new Error('Server did not answer /api/health within 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
  process.env.E2E_BASE_URL = baseUrl;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SMTP_URL = mailbox.url;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await mailbox.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
