import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PASSWORD } from './accounts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export type AdminRole = 'club_admin' | 'super_admin';

/**
 * An account made the documented way: the server's CLI, on the database of the server `env`
 * describes (DATA_DIR, or the running server's).
 */
export function createUserByCli(
  email: string,
  role: 'user' | AdminRole,
  env: NodeJS.ProcessEnv,
  club?: string,
) {
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
    { cwd: root, env, stdio: 'pipe' },
  );
}

/** An admin made the documented way: the server's CLI, on the running server's database. */
export function createAdmin(email: string, role: AdminRole, club?: string) {
  createUserByCli(
    email,
    role,
    { ...process.env, DATA_DIR: process.env.E2E_DATA_DIR, DATABASE_URL: '', LOG_LEVEL: 'warn' },
    club,
  );
}
