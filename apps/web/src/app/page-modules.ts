/** The <meta> in which a prerendered page lists the chunks of its own route modules. */
export const PAGE_MODULES_META = 'page-modules';

/**
 * Starts downloading the page's own route chunks, as listed by the prerender (build/prerender.ts),
 * beside the app's: without this the router would find them only once the app had loaded and run.
 * One link a task: the browser compiles a preloaded module as its link goes in, and thirty of
 * them in one go were one of the longest tasks of a page's start on a slow phone (issue 9).
 */
export function preloadPageModules(): void {
  const list = document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_MODULES_META}"]`);
  const hrefs = list?.content.split(' ').filter(Boolean) ?? [];
  const next = () => {
    const href = hrefs.shift();
    if (href === undefined) return;
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
    setTimeout(next, 0);
  };
  next();
}
