/**
 * Mastodon's Announcement entity. `content` is the text escaped, in paragraphs, with only the
 * http(s) addresses written in it as links (the same finder as the web's banner); mentions,
 * hashtags, emoji and reactions are not kept for announcements, so their lists are empty.
 */
import { splitLinks } from '@glimpse/shared';
import type { ShownAnnouncement } from '../../../features/community/announcements.ts';
import { escapeHtml } from './html.ts';

function announcementHtml(text: string): string {
  const linked = splitLinks(text.trim())
    .map((part) =>
      part.kind === 'link'
        ? `<a href="${escapeHtml(part.href)}" rel="nofollow noopener noreferrer" target="_blank">${escapeHtml(part.text)}</a>`
        : escapeHtml(part.text),
    )
    .join('');
  return linked
    .split(/(?:\r?\n){2,}/)
    .filter(Boolean)
    .map((paragraph) => `<p>${paragraph.split(/\r?\n/).join('<br>')}</p>`)
    .join('');
}

export function announcementJson(row: ShownAnnouncement) {
  return {
    id: row.id,
    content: announcementHtml(row.text),
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt?.toISOString() ?? null,
    all_day: false,
    published_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    read: row.read,
    mentions: [],
    statuses: [],
    tags: [],
    emojis: [],
    reactions: [],
  };
}
