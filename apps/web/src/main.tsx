import { preloadPageModules } from './app/page-modules';
import { afterFirstPaint } from './lib/after-first-paint';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Elementet #root saknas i index.html.');

// A signed-out page comes complete in the HTML (build/prerender.ts) and paints from it and the CSS
// alone: the app (React, the router, the page's modules) starts downloading after that paint, so
// on a slow connection it does not hold the CSS back. A signed-in page's content needs the app:
// its HTML preloads it at low priority, and it starts at once.
function start(root: HTMLElement) {
  preloadPageModules();
  void import('./app/start').then(({ startApp }) => startApp(root));
}
if (root.hasAttribute('data-hydrate')) afterFirstPaint(() => start(root));
else start(root);
registerServiceWorker();
