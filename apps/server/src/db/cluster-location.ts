import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { canEnter, type RunAs } from './postgres-user';
import { SYSTEM_DIR } from './system-dir';

/** The folder under SYSTEM_DIR that holds the cluster of one DATA_DIR (named by its path). */
export function systemHomeFor(dataDir: string): string {
  const hash = createHash('sha256').update(path.resolve(dataDir)).digest('hex').slice(0, 16);
  return path.join(SYSTEM_DIR, hash);
}

const hasCluster = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));

/**
 * Where the embedded cluster of `dataDir` lives: `DATA_DIR/pg`, unless PostgreSQL runs as another
 * user (`runAs`, when started as root) that cannot enter DATA_DIR; then under SYSTEM_DIR. An
 * existing cluster keeps its place, so that the answer does not change under a running server
 * and the server, its stale-server takeover and the command-line tools all agree.
 */
export function clusterDirFor(dataDir: string, runAs: RunAs | undefined): string {
  const local = path.join(path.resolve(dataDir), 'pg');
  if (!runAs) return local;
  const relocated = path.join(systemHomeFor(dataDir), 'pg');
  if (hasCluster(local)) return local;
  if (hasCluster(relocated)) return relocated;
  return canEnter(dataDir, runAs) ? local : relocated;
}

export function unreachableMessage(dir: string, dataDir: string): string {
  return (
    `PostgreSQL runs as the system user "postgres" (the server was started as root), which ` +
    `cannot enter ${dir}. Make it reachable (chmod o+x ${dir} and each parent), set DATA_DIR to ` +
    `a folder it can reach, or set DATABASE_URL. DATA_DIR is ${path.resolve(dataDir)}.`
  );
}

/**
 * Resolves the cluster folder and makes its parent ready for `runAs`: the SYSTEM_DIR home of
 * this DATA_DIR is created (with a note saying which DATA_DIR it belongs to), and a cluster
 * folder the user cannot enter stops start-up with a message naming it and the fix.
 */
export function prepareClusterDir(
  dataDir: string,
  runAs: RunAs | undefined,
  log: { info: (msg: string) => void },
): string {
  const clusterDir = clusterDirFor(dataDir, runAs);
  if (!runAs) return clusterDir;
  const parent = path.dirname(clusterDir);
  if (parent !== path.resolve(dataDir)) {
    for (const dir of [SYSTEM_DIR, parent]) {
      mkdirSync(dir, { recursive: true });
      chmodSync(dir, 0o755);
    }
    writeFileSync(path.join(parent, 'data-dir'), `${path.resolve(dataDir)}\n`);
    log.info(
      `The postgres system user cannot enter ${path.resolve(dataDir)}; ` +
        `the PostgreSQL cluster of this DATA_DIR is kept in ${clusterDir}`,
    );
  }
  if (!canEnter(parent, runAs)) throw new Error(unreachableMessage(parent, dataDir));
  return clusterDir;
}
