import type { Plugin, Rolldown } from 'vite';

/**
 * V8's explicit compile hint (Chromium 136 on): a file that starts with this comment has all its
 * functions compiled eagerly, on a background thread while the file streams in, instead of one by
 * one on the main thread when each is first called.
 */
export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';

/** Whether a chunk is marked: every chunk of the client build (ADR 024). */
export function withCompileHint(code: string): string {
  return code.startsWith(COMPILE_HINT) ? code : COMPILE_HINT + code;
}

/**
 * Marks every JavaScript chunk of the client build with V8's compile hint. A chunk is loaded when
 * what it holds is about to run (the app at its start, a page when it opens, a dialog's code when
 * it opens), so most of its functions are called at once: compiled lazily, each cost a pause on
 * the main thread at its first call, which on a slow phone's first visit made up much of the
 * ~0.5 s render of a protocol page (ADR 024). The functions that never run (parts of React and
 * the router) cost background compile time and memory instead.
 *
 * Added last (after minifying, which drops comments, and after Vite's own additions), before the
 * files are written and compressed.
 */
export function compileHints(): Plugin {
  return {
    name: 'speedway:compile-hints',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    generateBundle: {
      order: 'post',
      handler(_options, bundle: Rolldown.OutputBundle) {
        for (const item of Object.values(bundle)) {
          if (item.type === 'chunk') item.code = withCompileHint(item.code);
        }
      },
    },
  };
}
