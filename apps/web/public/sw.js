// Hand-kept service worker. For now it only takes control of open pages so the app can be
// installed; push handling arrives with notifications. There is deliberately no fetch handler:
// nothing is cached, and API replies (/api) must always come from the network.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
