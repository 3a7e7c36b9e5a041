import { execFileSync, spawnSync } from 'node:child_process';

/** The user a PostgreSQL process runs as, when that is not the current one. */
export type RunAs = { uid: number; gid: number };

const NAME = 'postgres';

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

function lookUp(): RunAs | undefined {
  try {
    const id = (flag: string) =>
      Number.parseInt(execFileSync('id', [flag, NAME], { encoding: 'utf8', stdio: 'pipe' }), 10);
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return undefined;
  }
}

/**
 * PostgreSQL refuses to run as root, so a server started as root (containers, CI) runs it as the
 * system user `postgres`. `undefined` when not root. With `create`, a missing user is added.
 */
export function postgresSystemUser(options: { create: boolean }): RunAs | undefined {
  if (!isRoot()) return undefined;
  const found = lookUp();
  if (found || !options.create) return found;
  // The group may exist without the user (or the other way round); the look-up decides.
  spawnSync('groupadd', ['--system', NAME], { stdio: 'ignore' });
  const useradd = spawnSync(
    'useradd',
    ['--system', '--gid', NAME, '--no-create-home', '--shell', '/usr/sbin/nologin', NAME],
    { encoding: 'utf8' },
  );
  const created = lookUp();
  if (!created) {
    throw new Error(
      `Running as root, PostgreSQL needs the system user "${NAME}", which could not be created ` +
        `(${useradd.error?.message ?? useradd.stderr?.trim() ?? 'useradd failed'}). ` +
        `Create it (useradd --system ${NAME}), run as another user, or set DATABASE_URL.`,
    );
  }
  return created;
}

/**
 * Whether `runAs` can enter `dir` (search permission on it and every parent). Asked of the system
 * itself, as that user, so that ACLs and group rules count exactly as they will for PostgreSQL.
 */
export function canEnter(dir: string, runAs: RunAs): boolean {
  return (
    spawnSync('/bin/sh', ['-c', 'cd -- "$1"', 'sh', dir], { ...runAs, stdio: 'ignore' }).status ===
    0
  );
}

/** Whether `runAs` can run the program at `file` (reach it, and load its libraries). */
export function canRun(file: string, runAs: RunAs): boolean {
  return (
    spawnSync(file, ['--version'], { ...runAs, stdio: 'ignore', timeout: 30_000 }).status === 0
  );
}
