/*
 * Glimpse's service worker. The build (apps/web/vite-service-worker.ts) writes it to dist/sw.js with
 * VERSION (a hash of the build's files) and PRECACHE (the app shell: the entry script and styles,
 * the offline page, the icons) in front of this file, so every new build is a new worker.
 *
 * - Pages: always from the network, so the app is never stale while online; when the network
 *   fails, the offline page ("You are offline", Retry).
 * - Built assets (/assets/*, hashed names) and the shell files: from the cache, else the network
 *   (then kept). /api and /media are never touched: they are private or already cached by HTTP.
 * - A new worker waits until the page says Reload ("New version available") or the next visit.
 * - Push: shows the notification unless a Glimpse tab is visible, which the live stream (SSE)
 *   already alerts; a click opens what it is about.
 * - Share target: a photo shared to Glimpse (POST /addpost) is kept in a cache and the app opens
 *   /addpost?shared=1, which picks it up.
 */
/* global VERSION, PRECACHE */
const SHELL_CACHE = `glimpse-shell-${VERSION}`;
const SHARE_CACHE = 'glimpse-share';
const OFFLINE_URL = '/offline.html';

self.addEventListener('install', (event) => {
  event.waitUntil(caches.open(SHELL_CACHE).then((cache) => cache.addAll(PRECACHE)));
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('glimpse-shell-') && name !== SHELL_CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') self.skipWaiting();
});

async function fromCacheOrNetwork(request) {
  const cached = await caches.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) {
    const cache = await caches.open(SHELL_CACHE);
    await cache.put(request, response.clone());
  }
  return response;
}

async function pageOrOffline(request) {
  try {
    return await fetch(request);
  } catch {
    return (await caches.match(OFFLINE_URL)) ?? Response.error();
  }
}

async function keepSharedPhoto(request) {
  const form = await request.formData();
  const file = form.getAll('image').find((value) => value instanceof File);
  if (file) {
    const cache = await caches.open(SHARE_CACHE);
    await cache.put(
      '/shared-image',
      new Response(file, {
        headers: { 'content-type': file.type, 'x-file-name': encodeURIComponent(file.name) },
      }),
    );
  }
  return Response.redirect('/addpost?shared=1', 303);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.method === 'POST' && url.pathname === '/addpost') {
    event.respondWith(keepSharedPhoto(request));
    return;
  }
  if (request.method !== 'GET') return;
  if (request.mode === 'navigate') {
    event.respondWith(pageOrOffline(request));
    return;
  }
  if (url.pathname.startsWith('/assets/') || PRECACHE.includes(url.pathname)) {
    event.respondWith(fromCacheOrNetwork(request));
  }
});

self.addEventListener('push', (event) => {
  const payload = event.data ? event.data.json() : null;
  if (!payload) return;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      // An open, visible tab has the live stream: its badge already changed.
      if (windows.some((client) => client.visibilityState === 'visible')) return;
      await self.registration.showNotification(payload.title, {
        body: payload.body,
        tag: payload.tag,
        data: { url: payload.url },
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-96.png',
      });
    })(),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/notifications', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      try {
        if (open) {
          await open.focus();
          // navigate() works only on a tab this worker controls; otherwise a new window opens.
          await open.navigate(target);
          return;
        }
      } catch {}
      await self.clients.openWindow(target);
    })(),
  );
});
