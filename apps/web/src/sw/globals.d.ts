import type { ShellBuild } from './precache';

declare global {
  /** The build's files and routes, inlined by build/service-worker.ts. */
  const __SHELL_BUILD__: ShellBuild;
}
