/**
 * Addresses Glimpse turns into links (`<a href>`): a member's or an event's website, and every URL
 * taken from another server (a remote account's profile page, an event's page). Only http and
 * https: a `javascript:` or `data:` address must never become a link, whoever wrote it. The server
 * keeps no other kind (schemas.ts `WebsiteUrl` for members, composers/federation for remote
 * documents), and the web app checks again where it renders one.
 */

/** `value` as a URL when it is an absolute http(s) address with a host, else null. */
export function httpUrl(value: string | null | undefined): URL | null {
  if (!value) return null;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname ? url : null;
  } catch {
    return null;
  }
}
