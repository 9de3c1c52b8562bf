/**
 * Work the first screen does not show (the unread and report badges, the live stream, the service
 * worker) waits until the browser is idle after start-up, so it does not compete with the first
 * screen's code and data for the phone's few connections and its main thread
 * (docs/performance.md, "Start-up"). Once started, it stays started for the tab's life.
 */
import { startTransition, useEffect, useState } from 'react';

let started = false;
let scheduled = false;
const listeners = new Set<() => void>();

/** Runs `work` once the page has loaded and the main thread has a quiet moment (at most ~1.5 s later). */
export function afterStart(work: () => void) {
  const run = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(work, { timeout: 1000 });
    else setTimeout(work, 200);
  };
  if (document.readyState === 'complete') run();
  else window.addEventListener('load', run, { once: true });
}

function subscribe(listener: () => void): () => void {
  if (started) {
    listener();
    return () => undefined;
  }
  listeners.add(listener);
  if (!scheduled) {
    scheduled = true;
    afterStart(() => {
      started = true;
      for (const notify of listeners) notify();
      listeners.clear();
    });
  }
  return () => {
    listeners.delete(listener);
  };
}

/**
 * False during start-up, true from the first idle moment after it on. The switch is a transition:
 * React renders what it turns on (the signed-in frame's badges, the live stream) in slices between
 * other work. A `useSyncExternalStore` store here made that render synchronous, one long task of
 * the whole frame on a slow phone (docs/performance.md, "the long task on /").
 */
export function useAfterStart(): boolean {
  const [afterStartNow, setAfterStartNow] = useState(started);
  useEffect(() => {
    if (afterStartNow) return;
    return subscribe(() => startTransition(() => setAfterStartNow(true)));
  }, [afterStartNow]);
  return afterStartNow;
}
