/* global window, document */
// Runs before the first paint (from <head>; a file because the CSP forbids inline scripts):
// - the saved theme becomes the dark class, so the first paint has the right colours; keep in step
//   with src/lib/theme.ts (key 'theme': light | dark | system);
// - sunlight mode (high contrast) becomes the sunlight class (src/lib/sunlight.ts, key
//   'speedway.sunlight': 'on');
// - a stored session marks <html data-session>, so a prerendered signed-in page shows its
//   navigation only to someone signed in (src/index.css); keys as in src/lib/storage.ts;
// - on a signed-in first visit (a session stored, no service worker serving the page yet), React's
//   chunk (<meta name="first-modules">, before this script) starts downloading at a low priority
//   beside the first paint, not after it (ADR 024): its 57 KiB are the largest part of what the
//   page's content waits for on a slow connection. Only that one: every request started before
//   the paint counts against Lighthouse's simulated LCP. The rest, and everything where the
//   service worker serves the page, comes after the paint (src/main.tsx). A visitor without a
//   session (/auth) waits for no data.
(function () {
  var root = document.documentElement;
  var storage = null;
  try {
    storage = window.localStorage;
  } catch {
    // Storage blocked: the light theme, and nobody is signed in.
  }
  var saved = storage && storage.getItem('theme');
  var dark =
    saved === 'dark' ||
    (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.classList.toggle('sunlight', !!storage && storage.getItem('speedway.sunlight') === 'on');
  var session =
    !!storage && !!storage.getItem('speedway.token') && !!storage.getItem('speedway.user');
  if (session) root.setAttribute('data-session', '');
  var list = document.querySelector('meta[name="first-modules"]');
  var worker = window.navigator.serviceWorker;
  if (session && list && !(worker && worker.controller)) {
    list.content.split(' ').forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.setAttribute('fetchpriority', 'low');
      link.href = href;
      document.head.appendChild(link);
    });
  }
})();
