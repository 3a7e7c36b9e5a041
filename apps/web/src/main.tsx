import { preloadPageModules } from './app/page-modules';
import { afterFirstContentfulPaint, whenIdle } from './lib/after-first-paint';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Elementet #root saknas i index.html.');

// Every page comes prerendered (build/prerender.ts) and paints from its HTML and the CSS alone. The
// app (React, the router, the page's modules) starts downloading once that paint is on screen: on a
// slow connection it would otherwise share the bandwidth with the CSS and hold the first paint
// back. The service worker (and the build it keeps for offline use) comes last, when the started
// app leaves the main thread idle.
afterFirstContentfulPaint(() => {
  const preloaded = preloadPageModules();
  void import('./app/start')
    .then(async ({ startApp }) => {
      await preloaded;
      await startApp(root);
    })
    .finally(() => whenIdle(() => registerServiceWorker()));
});
