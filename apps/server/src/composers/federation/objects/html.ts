/**
 * Text ↔ the HTML other servers exchange. Out: a caption becomes paragraphs of escaped text with
 * hashtags and mentions as links, parsed by the shared text-entities.ts (the same parser that links
 * them on our screens). In: a remote Note's HTML becomes plain text (we store and show text only,
 * so nothing a remote server writes is ever rendered as markup here).
 */
import { parseText, withoutBidiControls } from '@glimpse/shared';
import { toStorableText } from '../../../lib/text.ts';

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => escapes[ch]!);

export interface LinkTargets {
  tag: (tag: string) => URL;
  /** The profile a mention links to, or null when no local member has that username. */
  mention: (username: string) => URL | null;
}

/** Paragraphs on blank lines, `<br>` on single ones, as Mastodon writes them. */
export function captionToHtml(caption: string, links: LinkTargets): string {
  const inline = (text: string) =>
    parseText(text)
      .map((part) => {
        if (part.kind === 'tag') {
          const href = escapeHtml(links.tag(part.tag).href);
          return `<a href="${href}" class="mention hashtag" rel="tag">#<span>${escapeHtml(part.text.slice(1))}</span></a>`;
        }
        if (part.kind === 'mention') {
          const href = links.mention(part.username);
          if (!href) return escapeHtml(part.text);
          return `<span class="h-card"><a href="${escapeHtml(href.href)}" class="u-url mention">@<span>${escapeHtml(part.text.slice(1))}</span></a></span>`;
        }
        return escapeHtml(part.text);
      })
      .join('');
  return caption
    .trim()
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${paragraph.split('\n').map(inline).join('<br>')}</p>`)
    .join('');
}

const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (whole, body: string) => {
    if (body[0] === '#') {
      const code =
        body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number(body.slice(1));
      return Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
        ? String.fromCodePoint(code)
        : whole;
    }
    return named[body.toLowerCase()] ?? whole;
  });
}

/** The text a person reads in `html`: line breaks for `<br>` and paragraphs, every tag removed. */
export function htmlToText(html: string): string {
  const text = html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** Text a remote server wrote, made storable (no NUL, no half surrogate pair) and cut to `max` characters. */
export const storableText = (text: string, max: number) =>
  [...toStorableText(text)].slice(0, max).join('').trim();

/**
 * A remote name, bio or event title: storable, and without direction controls (docs/security.md
 * rule 21a, which members' names meet by refusal): shown beside our own words ("… liked your
 * post", a page title), an override in it would reorder them.
 */
export const remoteDisplayText = (text: string, max: number) => storableText(withoutBidiControls(text), max);

/** A Headers object as the plain record the outbound gate takes. */
export function headerRecord(headers: Headers): Record<string, string> {
  const record: Record<string, string> = {};
  headers.forEach((value, name) => {
    record[name] = value;
  });
  return record;
}
