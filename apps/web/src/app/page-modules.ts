/** The <meta> in which a prerendered page lists the chunks of its own route modules. */
export const PAGE_MODULES_META = 'page-modules';

/**
 * Starts downloading the page's own route chunks, as listed by the prerender (build/prerender.ts),
 * beside the app's: without this the router would find them only once the app had loaded and run.
 */
export function preloadPageModules(): void {
  const list = document.querySelector<HTMLMetaElement>(`meta[name="${PAGE_MODULES_META}"]`);
  for (const href of list?.content.split(' ').filter(Boolean) ?? []) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
}
