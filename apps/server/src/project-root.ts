import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function declaresWorkspaces(dir: string): boolean {
  const file = path.join(dir, 'package.json');
  if (!existsSync(file)) return false;
  try {
    return 'workspaces' in (JSON.parse(readFileSync(file, 'utf8')) as object);
  } catch {
    return false;
  }
}

/**
 * The repository root (the package.json that declares the workspaces) above `from`, this
 * module's own file by default: the same folder for the source (src/) and the bundle (dist/),
 * whatever the working directory. `undefined` when the app runs outside its repository.
 */
export function projectRoot(from: string = fileURLToPath(import.meta.url)): string | undefined {
  for (let dir = path.dirname(path.resolve(from)); ; dir = path.dirname(dir)) {
    if (declaresWorkspaces(dir)) return dir;
    if (path.dirname(dir) === dir) return undefined;
  }
}
