/* global window, document */
// Runs before the app: sets the dark class from the saved theme so the first paint has the right
// colours. Keep in step with src/lib/theme.ts (key 'theme': light | dark | system).
(function () {
  var dark;
  try {
    var saved = window.localStorage.getItem('theme');
    dark =
      saved === 'dark' ||
      (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  } catch {
    // Storage blocked: keep the light theme.
    dark = false;
  }
  var root = document.documentElement;
  root.classList.toggle('dark', dark);
  root.style.colorScheme = dark ? 'dark' : 'light';
})();
