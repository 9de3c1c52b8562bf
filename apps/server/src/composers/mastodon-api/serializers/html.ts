/**
 * Plain text as the HTML apps render (`content`, `note`): every character escaped, lines kept as
 * `<br>`, blank lines as paragraphs, and hashtags and @mentions as the links Mastodon writes
 * (`class="mention hashtag"`, `class="u-url mention"`), found by the same parser as the web app's.
 */
import { parseText, paths } from '@glimpse/shared';
import { absoluteUrl } from './urls.ts';

const escapes: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

const lines = (text: string) => text.split(/\r?\n/).join('<br>');

/** Escaped text in `<p>`s (or bare, `inline`), without links. */
export function escapedParagraphs(text: string, { inline = false } = {}): string {
  if (inline) return lines(escapeHtml(text));
  const paragraphs = text
    .trim()
    .split(/(?:\r?\n){2,}/)
    .filter(Boolean);
  return paragraphs.map((paragraph) => `<p>${lines(escapeHtml(paragraph))}</p>`).join('');
}

/**
 * A caption or comment as HTML with its hashtags and mentions linked on this server
 * (`/tags/<tag>`, `/u/<username>`), in paragraphs.
 */
export function contentHtml(text: string, publicUrl: string): string {
  const link = (href: string) => escapeHtml(absoluteUrl(href, publicUrl));
  const linked = parseText(text.trim())
    .map((part) => {
      if (part.kind === 'tag') {
        return `<a href="${link(paths.tag(part.tag))}" class="mention hashtag" rel="tag">#<span>${escapeHtml(part.text.slice(1))}</span></a>`;
      }
      if (part.kind === 'mention') {
        return `<span class="h-card"><a href="${link(paths.mention(part.username))}" class="u-url mention">@<span>${escapeHtml(part.text.slice(1))}</span></a></span>`;
      }
      return escapeHtml(part.text);
    })
    .join('');
  return linked
    .split(/(?:\r?\n){2,}/)
    .filter(Boolean)
    .map((paragraph) => `<p>${lines(paragraph)}</p>`)
    .join('');
}
