/* global window, document */
// Runs before the first paint (from <head>; a file because the CSP forbids inline scripts):
// - the saved theme becomes the dark class, so the first paint has the right colours; keep in step
//   with src/lib/theme.ts (key 'theme': light | dark | system);
// - sunlight mode (high contrast) becomes the sunlight class (src/lib/sunlight.ts, key
//   'speedway.sunlight': 'on');
// - a stored session marks <html data-session>, so a prerendered signed-in page shows its
//   navigation only to someone signed in (src/index.css); keys as in src/lib/storage.ts.
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
  if (storage && storage.getItem('speedway.token') && storage.getItem('speedway.user')) {
    root.setAttribute('data-session', '');
  }
})();
