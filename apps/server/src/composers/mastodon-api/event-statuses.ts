/**
 * Events among statuses (docs/api.md, "Events"). Mastodon has no event entity; so that apps see
 * Glimpse's events at all, the home timeline shows those the web's /event list shows (the followed
 * accounts' and the member's own), and an account's statuses those its profile shows, each where
 * its host announced it, as a status (serializers/event-status.ts). Going and Interested stay on
 * the web: an app acting on an event status is told so in words.
 */
import type { EventDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import type { MemberContext } from '../../core/service.ts';
import { type EventList, getEvent, listEventsByCreation } from '../../features/events/service.ts';
import { invalid } from '../../lib/errors.ts';
import { currentLanguage } from '../../lib/language.ts';
import { timeIdOf } from './ids.ts';
import { type ListOf, pageOfList } from './list-paging.ts';
import type { PageParams } from './paging.ts';
import { serializeEvent } from './serializers/event-status.ts';
import { loadStatusAccounts, type MastodonStatus } from './serializers/status.ts';

const eventList: ListOf<EventDto> = {
  kind: 'event',
  idOf: (event) => timeIdOf('event', event.createdAt, event.id),
};

/**
 * The statuses of `list`'s events that fall in the page `paging` asks for, newest first. With
 * `madeSince`, none older (a page of other statuses already full down to then would cut them).
 */
export async function eventStatusesWithin(
  ctx: MemberContext,
  list: EventList,
  paging: PageParams,
  publicUrl: string,
  { withPictureOnly = false, madeSince }: { withPictureOnly?: boolean; madeSince?: Date } = {},
): Promise<MastodonStatus[]> {
  const found = await pageOfList(
    (cursor) => listEventsByCreation({ ctx, input: { list, cursor, madeSince } }),
    paging,
    eventList,
  );
  const shown = withPictureOnly ? found.filter((event) => event.image) : found;
  if (shown.length === 0) return [];
  const accounts = await loadStatusAccounts(ctx.db, ctx.storage, {
    userIds: shown.map((event) => event.host.userId),
    texts: [],
  });
  const language = currentLanguage();
  return shown.map((event) => serializeEvent(event, accounts, publicUrl, language));
}

/** One event as the member sees it (the events service's rule: hidden is missing), as a status. */
export async function eventStatus(
  ctx: MemberContext,
  eventId: string,
  publicUrl: string,
): Promise<MastodonStatus> {
  const event = await getEvent({ ctx, input: { eventId } });
  const accounts = await loadStatusAccounts(ctx.db, ctx.storage, { userIds: [event.host.userId], texts: [] });
  return serializeEvent(event, accounts, publicUrl, currentLanguage());
}

/**
 * Two newest-first pages of statuses as one: at most `limit`, newest first; with `min_id`, the
 * oldest `limit` of those newer than it, as each page was cut.
 */
export function mergeStatusPages(
  first: readonly MastodonStatus[],
  second: readonly MastodonStatus[],
  { minId, limit }: Pick<PageParams, 'minId' | 'limit'>,
): MastodonStatus[] {
  if (second.length === 0) return [...first];
  const merged = [...first, ...second].sort((a, b) => (BigInt(b.id) > BigInt(a.id) ? 1 : -1));
  return minId ? merged.slice(-limit) : merged.slice(0, limit);
}

/** What an app asking to act on an event status is told: it is answered on the web. */
export const eventAnsweredOnWeb = () => invalid(messages.statusesApi.eventOnWeb);
