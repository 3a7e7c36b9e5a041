import { preloadPageModules } from './app/page-modules';
import { startPageRequests } from './app/page-requests';
import { afterFirstContentfulPaint, nextTask, whenIdle } from './lib/after-first-paint';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Elementet #root saknas i index.html.');

// Every page comes prerendered (build/prerender.ts) and paints from its HTML and the CSS alone. The
// app (React, the router, the page's modules) starts downloading once that paint is on screen: on a
// slow connection it would otherwise share the bandwidth with the CSS and hold the first paint
// back. The service worker (and the build it keeps for offline use) comes last, when the started
// app leaves the main thread idle.
//
// What a signed-in page shows comes from the API: its reads leave first, beside the app's chunks,
// and the app's queries take their replies over once it has started (ADR 021), instead of leaving
// when the page's code has loaded and rendered.
//
// React is run in a task of its own before the rest of the app: evaluated together, the two were the
// longest task of a page's start on a slow phone. Both are downloading by then (the page
// lists the app's chunks too).
afterFirstContentfulPaint(() => {
  startPageRequests();
  const preloaded = preloadPageModules();
  void import('react-dom/client')
    .then(nextTask)
    .then(() => import('./app/start'))
    .then(async ({ startApp }) => {
      await preloaded;
      await startApp(root);
    })
    .finally(() => void whenIdle(() => registerServiceWorker()));
});
