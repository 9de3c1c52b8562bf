/** Turns a stored thumbhash into a tiny blurred data URL shown while the real image loads. */
import { thumbHashToDataURL } from 'thumbhash';

const cache = new Map<string, string>();

export function placeholderUrl(thumbhash: string): string {
  let url = cache.get(thumbhash);
  if (!url) {
    const bytes = Uint8Array.from(atob(thumbhash), (c) => c.charCodeAt(0));
    url = thumbHashToDataURL(bytes);
    cache.set(thumbhash, url);
  }
  return url;
}
