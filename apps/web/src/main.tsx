import { preloadPageModules } from './app/page-modules';
import { afterFirstPaint } from './lib/after-first-paint';
import { registerServiceWorker } from './lib/service-worker';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Elementet #root saknas i index.html.');

// Every page comes prerendered (build/prerender.ts) and paints from its HTML and the CSS alone. The
// app (React, the router, the page's modules) starts downloading after that paint: on a slow
// connection it would otherwise share the bandwidth with the CSS and hold the first paint back.
afterFirstPaint(() => {
  preloadPageModules();
  void import('./app/start').then(({ startApp }) => startApp(root));
});
registerServiceWorker();
