/**
 * Registers the service worker of the production build (dist/sw.js) and tells the page when a new
 * build's worker is waiting, so the app can offer "New version available — Reload". Reload asks
 * the waiting worker to take over, then reloads once it controls the page; without it the new
 * version takes over on the next visit. The dev server has no worker.
 */
import { useSyncExternalStore } from 'react';
import { afterStart } from '@/lib/use-after-start.ts';

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null) {
  waiting = worker;
  for (const listener of listeners) listener();
}

function watch(registration: ServiceWorkerRegistration) {
  // A worker already waiting from an earlier visit, with this page controlled by the old one.
  if (registration.waiting && navigator.serviceWorker.controller) setWaiting(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const installing = registration.installing;
    installing?.addEventListener('statechange', () => {
      // No controller: this is the first install, not an update.
      if (installing.state === 'installed' && navigator.serviceWorker.controller) setWaiting(installing);
    });
  });
}

export function registerServiceWorker() {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  afterStart(() => {
    navigator.serviceWorker
      .register('/sw.js')
      .then((registration) => {
        watch(registration);
        // Long-lived tabs look for a new build now and then, not only on navigation.
        setInterval(() => void registration.update().catch(() => {}), 30 * 60 * 1000);
      })
      .catch(() => {
        // No worker (private mode, blocked): the app works the same, only without offline support.
      });
  });
}

export function useWaitingWorker(): ServiceWorker | null {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => waiting,
    () => null,
  );
}

/** Lets the waiting worker take over, then reloads into the new version. */
export function activateWaitingWorker() {
  if (!waiting) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) return;
    reloading = true;
    window.location.reload();
  });
  waiting.postMessage({ type: 'SKIP_WAITING' });
}
