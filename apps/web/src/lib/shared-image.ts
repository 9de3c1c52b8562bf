/**
 * A photo shared to Glimpse from another app (the manifest's share target): the service worker
 * (apps/web/sw/service-worker.js) keeps it in the `glimpse-share` cache and opens
 * /addpost?shared=1; the screen takes it from there, once.
 */
import { useEffect, useRef } from 'react';

const shareCache = 'glimpse-share';
const sharedImageKey = '/shared-image';

export async function takeSharedImage(): Promise<File | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(shareCache);
  const response = await cache.match(sharedImageKey);
  if (!response) return null;
  await cache.delete(sharedImageKey);
  const blob = await response.blob();
  const name = decodeURIComponent(response.headers.get('x-file-name') ?? 'shared-photo');
  return new File([blob], name, { type: blob.type });
}

/** Hands a shared photo to `onImage` when the page was opened by a share (`?shared=1`). */
export function useSharedImage(onImage: (file: File) => void) {
  // The latest callback, without making the one look-up depend on it.
  const latest = useRef(onImage);
  latest.current = onImage;
  useEffect(() => {
    if (new URLSearchParams(window.location.search).get('shared') !== '1') return;
    let cancelled = false;
    void takeSharedImage().then((file) => {
      if (file && !cancelled) latest.current(file);
    });
    return () => {
      cancelled = true;
    };
  }, []);
}
