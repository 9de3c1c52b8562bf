/**
 * An event as a status. Mastodon has no event entity, so apps show one as they show a post: its
 * picture as the attachment, and as the text its title, its date on the host's clock (with the
 * zone's name, so a reader elsewhere is not misled), its place, what the host wrote, and the link
 * to its page, where Going and Interested are answered (docs/api.md, "Events").
 */
import type { EventDto, LanguageCode } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { timeIdOf } from '../ids.ts';
import { serializeAccount } from './account.ts';
import { contentHtml, escapedParagraphs, escapeHtml } from './html.ts';
import { serializeImageAttachment } from './media.ts';
import { type AccountsById, type MastodonStatus, unquotable } from './status.ts';
import { absoluteUrl } from './urls.ts';

/** The date the status names: the next one of a series (else its last), on the host's clock. */
export function eventDateLine(event: EventDto, language: LanguageCode): string {
  const format = new Intl.DateTimeFormat(language, {
    dateStyle: 'full',
    timeStyle: 'short',
    timeZone: event.timeZone,
  });
  const zone = new Intl.DateTimeFormat(language, { timeZone: event.timeZone, timeZoneName: 'short' })
    .formatToParts(new Date(event.occurrence.startsAt))
    .find((part) => part.type === 'timeZoneName')?.value;
  return `${format.format(new Date(event.occurrence.startsAt))}${zone ? ` (${zone})` : ''}`;
}

export function serializeEvent(
  event: EventDto,
  accounts: AccountsById,
  publicUrl: string,
  language: LanguageCode,
): MastodonStatus {
  const host = accounts.get(event.host.userId);
  if (!host) throw new Error(`the account of event ${event.id} was not loaded`);
  const url = absoluteUrl(paths.eventDetail(event.id), publicUrl);
  const when = `🗓️ ${eventDateLine(event, language)}`;
  const content = [
    `<p><strong>${escapeHtml(event.title)}</strong></p>`,
    // Struck through, as the web shows a cancelled event's date.
    `<p>${event.cancelled ? `<del>${escapeHtml(when)}</del>` : escapeHtml(when)}</p>`,
    event.place ? escapedParagraphs(`📍 ${event.place}`) : '',
    event.description ? contentHtml(event.description, publicUrl) : '',
    `<p><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`,
  ].join('');
  return {
    ...unquotable,
    id: timeIdOf('event', event.createdAt, event.id),
    uri: url,
    url,
    created_at: new Date(event.createdAt).toISOString(),
    edited_at: null,
    account: serializeAccount(host, publicUrl),
    content,
    visibility: event.audience === 'followers' ? 'private' : 'public',
    sensitive: false,
    spoiler_text: '',
    media_attachments: event.image ? [serializeImageAttachment(event.image, event.title, publicUrl)] : [],
    application: null,
    mentions: [],
    tags: [],
    emojis: [],
    reblogs_count: 0,
    // Interested is an event's like: counted here, answered on the web.
    favourites_count: event.interestedCount,
    replies_count: 0,
    favourited: event.interestedByMe,
    reblogged: false,
    muted: false,
    bookmarked: false,
    pinned: false,
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    reblog: null,
    poll: null,
    card: null,
    language: null,
    filtered: [],
  };
}
