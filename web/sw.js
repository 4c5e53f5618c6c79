// Offline play: the service worker keeps every file of the build and answers from that cache
// first. The builder (host_tools/web.py) writes the build's file list and version on the next
// line, so a new build is a new service worker, and a new cache.
const BUILD = { version: "unbuilt", files: [] };
const CACHE = "craps-" + BUILD.version;

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(BUILD.files);
    for (const old of await caches.keys()) if (old !== CACHE) await caches.delete(old);
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => event.waitUntil(self.clients.claim()));

self.addEventListener("fetch", (event) => {
  if (event.request.method !== "GET") return;
  event.respondWith((async () => {
    const hit = await caches.match(event.request, { ignoreSearch: true });
    return hit || fetch(event.request);
  })());
});
