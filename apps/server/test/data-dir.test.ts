import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../src/project-root';

// Without DATA_DIR, `npm start` and `npm run create-user` once used different databases: the
// default followed the working directory, which npm sets differently for each entry point
// (the repository root, the workspace folder, or where the command was typed). The default is
// now the repository's ./data for all of them.

const root = path.resolve(import.meta.dirname, '../../..');
const serverDir = path.join(root, 'apps/server');

/** loadConfig() as an entry point sees it: its own process, working directory and INIT_CWD. */
async function defaultDataDir(cwd: string, initCwd: string | undefined) {
  const env: NodeJS.ProcessEnv = { ...process.env };
  delete env.DATA_DIR;
  delete env.INIT_CWD;
  if (initCwd) env.INIT_CWD = initCwd;
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [
      '--import',
      // By URL: from / a bare 'tsx' would not resolve.
      import.meta.resolve('tsx'),
      '--input-type=module',
      '-e',
      `const { loadConfig } = await import(${JSON.stringify(path.join(serverDir, 'src/config.ts'))});
       process.stdout.write(loadConfig().dataDir);`,
    ],
    { cwd, env },
  );
  return stdout;
}

describe('the default DATA_DIR', () => {
  it('is the repository ./data for the server and the tools, wherever they are run from', async () => {
    const entryPoints = [
      // npm start / npm run serve, typed in the root or in a subfolder
      { cwd: root, initCwd: root },
      { cwd: root, initCwd: path.join(root, 'docs') },
      // the CLI run in the server workspace (npm run cli --workspace, or typed in apps/server)
      { cwd: serverDir, initCwd: root },
      { cwd: serverDir, initCwd: serverDir },
      // node apps/server/dist/server.js from a process manager, outside npm
      { cwd: '/', initCwd: undefined },
    ];
    for (const { cwd, initCwd } of entryPoints) {
      expect(await defaultDataDir(cwd, initCwd), `cwd ${cwd}, INIT_CWD ${initCwd}`).toBe(
        path.join(root, 'data'),
      );
    }
  }, 60_000);

  it('is found from the bundle too (apps/server/dist), by the workspace root above it', () => {
    expect(projectRoot(path.join(serverDir, 'dist', 'server.js'))).toBe(root);
    expect(projectRoot(path.join(serverDir, 'src', 'config.ts'))).toBe(root);
    expect(projectRoot('/')).toBeUndefined();
  });
});
