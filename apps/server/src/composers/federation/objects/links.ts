/**
 * Every URL taken from another server's documents goes through `httpHrefOf` before it is stored,
 * fetched or shown: only http(s) is kept (the shared `httpUrl`), so a `javascript:` or `data:`
 * address never becomes a profile's website, an event's page, a photo to fetch or an inbox.
 */
import { httpUrl } from '@glimpse/shared';

/**
 * The http(s) address in a value a remote document holds: a URL, a string, a Link (its `href`), an
 * object named by `id`, or a list of them (the first http(s) one); null for anything else, and for
 * an address longer than `max` characters.
 */
export function httpHrefOf(value: unknown, max = Number.POSITIVE_INFINITY): string | null {
  if (Array.isArray(value)) {
    for (const item of value) {
      const href = httpHrefOf(item, max);
      if (href) return href;
    }
    return null;
  }
  let text: string | null = null;
  if (value instanceof URL) text = value.href;
  else if (typeof value === 'string') text = value;
  else if (value && typeof value === 'object') {
    const { href, id } = value as { href?: unknown; id?: unknown };
    return httpHrefOf(href ?? id ?? null, max);
  }
  const url = httpUrl(text);
  return url && url.href.length <= max ? url.href : null;
}
