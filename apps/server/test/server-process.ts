import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../src/db/embedded';

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export type ServerProcess = { url: string; child: ChildProcess; stopped: Promise<number | null> };

/** Starts the real server (src/server.ts) as its own process on DATA_DIR, waits for health. */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  // One process (tsx as a loader, not a wrapper), so that SIGKILL hits the server itself.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DEMO_DATA: 'off',
      INIT_CWD: serverDir,
      TRUST_PROXY: 'loopback',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const stopped = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  const url = `http://127.0.0.1:${port}`;
  const until = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > until) throw new Error(`server did not start: ${stderr}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, stopped };
}
