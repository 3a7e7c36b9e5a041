/* global window, document */
// Runs right after #root is parsed, before the first paint (a file because the CSP forbids inline
// scripts; ADR 024): when the signed-in user saw this page on this device in the last 48 hours,
// what it showed then is put back in #root, inert and hidden from assistive technology (nothing on
// it answers yet), until the app's
// first render replaces it. Keep in step with src/lib/last-view.ts (keys, the entry's shape, the
// age) and src/lib/storage.ts (the session's keys).
(function () {
  var MAX_AGE_MS = 48 * 60 * 60 * 1000;
  try {
    var root = document.getElementById('root');
    // A page the app hydrates (signed out) is complete as it is.
    if (!root || root.hasAttribute('data-hydrate')) return;
    var storage = window.localStorage;
    var user = JSON.parse(storage.getItem('speedway.user') || 'null');
    if (!storage.getItem('speedway.token') || !user || typeof user.id !== 'string') return;
    var key = 'speedway.last-view:' + window.location.pathname + window.location.search;
    var view = JSON.parse(storage.getItem(key) || 'null');
    if (!view || view.user !== user.id || typeof view.html !== 'string') return;
    var age = Date.now() - view.savedAt;
    if (!(age >= 0 && age < MAX_AGE_MS)) return;
    var stylesheet = document.querySelector('link[rel="stylesheet"]');
    if (view.css !== (stylesheet && stylesheet.getAttribute('href'))) return;
    root.innerHTML = view.html;
    root.setAttribute('data-last-view', '');
    root.setAttribute('aria-busy', 'true');
    // A picture of the page until the app's render: nothing on it can be used (inert), nor is it
    // offered to assistive technology (or to a test's role query) as the page it is not yet.
    root.setAttribute('aria-hidden', 'true');
    root.setAttribute('inert', '');
  } catch {
    // Storage blocked or a damaged entry: the prerendered page shows, as without a kept view.
  }
})();
