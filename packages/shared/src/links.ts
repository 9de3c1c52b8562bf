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

export type LinkedPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

// Written out with its scheme; stops at a space or at characters that never end an address in prose.
const writtenLink = /\bhttps?:\/\/[^\s<>"]+/gi;
// A sentence's end after a link is not part of it ("see https://example.org.").
const trailingPunctuation = /[.,;:!?'"\])}]+$/;

/**
 * A text cut into plain runs and the http(s) addresses written in it, for screens that show only
 * links and no other markup (announcements). Joining every part's `text` gives the text back; a
 * part is a link only when `httpUrl` accepts it.
 */
export function splitLinks(text: string): LinkedPart[] {
  const parts: LinkedPart[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(writtenLink)) {
    const written = match[0].replace(trailingPunctuation, '');
    const url = httpUrl(written);
    if (!url) continue;
    if (match.index > plainFrom) parts.push({ kind: 'text', text: text.slice(plainFrom, match.index) });
    parts.push({ kind: 'link', text: written, href: url.href });
    plainFrom = match.index + written.length;
  }
  if (plainFrom < text.length) parts.push({ kind: 'text', text: text.slice(plainFrom) });
  return parts;
}
