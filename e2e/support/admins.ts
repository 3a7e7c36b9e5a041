import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD } from './accounts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type AdminRole = 'club_admin' | 'super_admin';

/** An admin made the documented way: the server's CLI, on the running server's database. */
export function createAdmin(email: string, role: AdminRole, club?: string) {
  execFileSync(
    process.execPath,
    [
      'apps/server/dist/cli.js',
      'create-user',
      '--email',
      email,
      '--password',
      PASSWORD,
      '--role',
      role,
      ...(club ? ['--club', club] : []),
    ],
    {
      cwd: root,
      env: {
        ...process.env,
        DATA_DIR: process.env.E2E_DATA_DIR,
        DATABASE_URL: '',
        LOG_LEVEL: 'warn',
      },
      stdio: 'pipe',
    },
  );
}
