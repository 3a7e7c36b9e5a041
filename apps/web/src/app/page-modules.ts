/** The <meta> in which a prerendered page lists the chunks of its own route modules. */
export const PAGE_MODULES_META = 'page-modules';

/**
 * Starts downloading the page's own route chunks, as listed by the prerender (build/prerender.ts),
 * beside the app's: without this the router would find them only once the app had loaded and run.
 * One link a task: the browser compiles a preloaded module as its link goes in, and thirty of
 * them in one go were one of the longest tasks of a page's start on a slow phone.
 * Resolves when every link is in: the app starts after that, so the router's lazy imports find
 * their chunks already listed and Vite's preload helper appends none (it would add all the
 * missing ones in one task).
 */
export function preloadPageModules(): Promise<void> {
  const list = document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_MODULES_META}"]`);
  const hrefs = list?.content.split(' ').filter(Boolean) ?? [];
  return new Promise((done) => {
    const next = () => {
      const href = hrefs.shift();
      if (href === undefined) {
        done();
        return;
      }
      // Vite's preload of a dynamic import may have linked it already.
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
