// The page's service worker (served at /sw.js, its scope the whole site; browsers run one only in a
// secure context: HTTPS, or localhost). It keeps the page's shell (the page, its modules, styles,
// strings, icons, the manifest: SHELL, filled in by the service with every static file, and the
// cache's name with their digest, so that a changed page installs afresh) so that a reload with no
// network shows the page. The network is asked first (a newer page wins); the kept copy answers
// only when there is none. Nothing of the API is kept here (its answers hold tokens and hands): the
// page keeps the last state of each open match itself, on the device (match.js).
const SHELL = /*SHELL*/[];
const CACHE = "trick-referee-/*DIGEST*/";

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil(caches.keys()
    .then((names) => Promise.all(names.filter((name) => name !== CACHE).map((name) => caches.delete(name))))
    .then(() => self.clients.claim()));
});

// The page's own files (the page itself whatever its ?lang): the API and everything else pass by.
function kept(url) {
  return url.origin === self.location.origin
    && (url.pathname === "/" || url.pathname.startsWith("/web/") || url.pathname === "/manifest.webmanifest");
}

self.addEventListener("fetch", (event) => {
  const url = new URL(event.request.url);
  if (event.request.method !== "GET" || !kept(url)) return;
  const key = url.pathname === "/" ? "/" : url.origin + url.pathname;
  event.respondWith(fetch(event.request).then((answer) => {
    if (answer.ok) {
      const copy = answer.clone();
      caches.open(CACHE).then((cache) => cache.put(key, copy));
    }
    return answer;
  }).catch(() => caches.match(key).then((found) => found || Response.error())));
});
