/**
 * The <meta> in which a prerendered page lists the chunks a signed-in first visit starts before
 * the first paint (public/before-paint.js): React's.
 */
export const FIRST_MODULES_META = 'first-modules';
/** The <meta> in which a prerendered page lists the app's chunks (every page runs them). */
export const APP_MODULES_META = 'app-modules';
/** The <meta> in which a prerendered page lists the chunks of its own route modules. */
export const PAGE_MODULES_META = 'page-modules';

const listed = (name: string): string[] =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content.split(' ') ?? [];

/**
 * Starts downloading the app's chunks and the page's own route chunks, as listed by the prerender
 * (build/prerender.ts; on a signed-in first visit public/before-paint.js has linked React's
 * already): without this the router would find the page's only once the app had loaded and run.
 * One link a task: the browser compiles a preloaded module as its link goes in, and thirty of
 * them in one go were one of the longest tasks of a page's start on a slow phone.
 * Resolves when every link is in: the app starts after that, so the router's lazy imports find
 * their chunks already listed and Vite's preload helper appends none (it would add all the
 * missing ones in one task).
 */
export function preloadPageModules(): Promise<void> {
  const hrefs = [...listed(APP_MODULES_META), ...listed(PAGE_MODULES_META)].filter(Boolean);
  return new Promise((done) => {
    const next = () => {
      const href = hrefs.shift();
      if (href === undefined) {
        done();
        return;
      }
      // Linked already: by Vite's preload of a dynamic import, or before the paint.
      if (document.querySelector(`link[rel="modulepreload"][href="${href}"]`)) {
        next();
        return;
      }
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
      setTimeout(next, 0);
    };
    next();
  });
}
