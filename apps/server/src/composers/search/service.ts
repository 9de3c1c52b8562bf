/**
 * Search: accounts, posts, tags and events for the /search page and the top bar, and
 * Explore's trending tags. The engine (engine.ts; PostgreSQL today, postgres.ts) finds and orders;
 * these services read what it found through the selects every screen uses
 * (`selectPostsForViewer`, `selectEventsForViewer`), so results look and link like everywhere else
 * and the visibility rule is applied by the same code as on every other list.
 */
import type {
  EventDto,
  Page,
  PlaceSuggestionDto,
  PostSearchResultDto,
  TagDayDto,
  TagSearchResultDto,
  TrendingTagDto,
  UserSearchResultDto,
} from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Actor } from '../../core/actor.ts';
import { toImageDto } from '../../core/images.ts';
import type { ServiceArgs, ServiceContext } from '../../core/service.ts';
import { visibleTo } from '../../core/visibility.ts';
import { events, images, posts, profiles } from '../../db/schema.ts';
import { selectEventsForViewer, toEventDtos } from '../../features/events/queries.ts';
import { selectPostsForViewer, toPostDto } from '../../features/posts/queries.ts';
import { postgresSearch } from './postgres.ts';
import { isEmptySearch, parseSearchText } from './query.ts';

const accountResultsMax = 10;
const avatar = alias(images, 'avatar');

/** Rows in the engine's order, dropping any the second read no longer shows. */
function inOrder<Row>(ids: string[], rows: Row[], idOf: (row: Row) => string): Row[] {
  const byId = new Map(rows.map((row) => [idOf(row), row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** A ranked page: the engine returned one more than a page when more follow. */
function pageOf<Hit>(
  hits: Hit[],
  offset: number,
  size: number = limits.pageSize,
): { hits: Hit[]; nextCursor: string | null } {
  const more = hits.length > size && offset + size < limits.searchRankedMax;
  return { hits: hits.slice(0, size), nextCursor: more ? String(offset + size) : null };
}

/** The top bar's instant results and the Accounts tab. */
export async function searchUsers({
  ctx: { db, storage, actor },
  input: { q, offset = 0, limit = accountResultsMax },
}: ServiceArgs<'db' | 'storage' | 'actor', { q: string; offset?: number; limit?: number }>): Promise<
  UserSearchResultDto[]
> {
  const ids = (await postgresSearch(db).accounts(actor.id, q, offset + limit)).slice(offset);
  if (ids.length === 0) return [];
  const rows = await db
    .select({ profile: profiles, avatar })
    .from(profiles)
    .leftJoin(avatar, eq(avatar.id, profiles.profileImageId))
    .where(and(inArray(profiles.userId, ids), visibleTo(profiles.userId, actor.id)));
  return inOrder(ids, rows, (row) => row.profile.userId).map(({ profile, avatar: image }) => ({
    userId: profile.userId,
    firstName: profile.firstName,
    lastName: profile.lastName,
    username: profile.username,
    profileImage: image ? toImageDto(storage, image) : null,
    isAdminUser: profile.isAdminUser,
    isVerified: profile.isVerified,
  }));
}

export async function searchPosts({
  ctx: { db, storage, actor },
  input: { q, cursor = 0, limit = limits.pageSize },
}: ServiceArgs<'db' | 'storage' | 'actor', { q: string; cursor?: number; limit?: number }>): Promise<
  Page<PostSearchResultDto>
> {
  const search = parseSearchText(q);
  if (isEmptySearch(search) || cursor >= limits.searchRankedMax) return { items: [], nextCursor: null };
  const page = pageOf(await postgresSearch(db).posts(actor.id, search, cursor, limit), cursor, limit);
  if (page.hits.length === 0) return { items: [], nextCursor: null };
  const rows = await selectPostsForViewer(db, actor.id, posts.createdAt, { muted: true }).where(
    inArray(
      posts.id,
      page.hits.map((hit) => hit.id),
    ),
  );
  const byId = new Map(rows.map((row) => [row.post.id, row]));
  return {
    items: page.hits.flatMap((hit) => {
      const row = byId.get(hit.id);
      return row ? [{ post: toPostDto(storage, row), captionMatches: hit.captionMatches }] : [];
    }),
    nextCursor: page.nextCursor,
  };
}

/** "#sun" and "sun" both look for tags starting with (or spelled like) "sun". */
export async function searchTags({
  ctx: { db, actor },
  input: { q, limit = limits.tagResultsMax },
}: ServiceArgs<'db' | 'actor', { q: string; limit?: number }>): Promise<TagSearchResultDto[]> {
  const text = q.trim().replace(/^#/, '').toLowerCase().normalize('NFC');
  return postgresSearch(db).tags(actor.id, text, limit);
}

/**
 * The Places tab (`withEvents` false: places with a page) and the Location field's suggestions
 * (with events' places too, so a post can take the spelling an event already uses).
 */
export async function searchPlaces({
  ctx: { db, actor },
  input: { q, withEvents },
}: ServiceArgs<'db' | 'actor', { q: string; withEvents: boolean }>): Promise<PlaceSuggestionDto[]> {
  return postgresSearch(db).places(actor.id, q, limits.placeResultsMax, withEvents);
}

export async function searchEvents({
  ctx: { db, storage, actor },
  input: { q, cursor = 0 },
}: ServiceArgs<'db' | 'storage' | 'actor', { q: string; cursor?: number }>): Promise<Page<EventDto>> {
  if (!q.trim()) return { items: [], nextCursor: null };
  const page = pageOf(await postgresSearch(db).events(actor.id, q, cursor, limits.pageSize), cursor);
  if (page.hits.length === 0) return { items: [], nextCursor: null };
  const rows = await selectEventsForViewer(db, actor.id, { muted: true }).where(
    inArray(events.id, page.hits),
  );
  const ordered = inOrder(page.hits, rows, (row) => row.event.id);
  return { items: await toEventDtos(db, storage, actor.id, ordered), nextCursor: page.nextCursor };
}

/**
 * Explore's trending tags; an app's request without a token (`actor` null) sees them as a
 * signed-out reader would: public posts of public accounts only, which is all trending counts.
 */
export async function getTrendingTags({
  ctx: { db, actor },
}: {
  ctx: Pick<ServiceContext, 'db'> & { actor: Actor | null };
}): Promise<TrendingTagDto[]> {
  return postgresSearch(db).trendingTags(actor?.id ?? null, limits.tagResultsMax);
}

/**
 * How much a tag was used each of the last `days` days (today first): posts carrying it and the
 * accounts that wrote them, counting only what Explore and tag pages show the viewer (public
 * posts of public accounts, none hidden from them).
 */
export async function getTagHistory({
  ctx: { db, actor },
  input: { tags, days },
}: {
  ctx: Pick<ServiceContext, 'db'> & { actor: Actor | null };
  input: { tags: string[]; days: number };
}): Promise<Map<string, TagDayDto[]>> {
  const normalised = tags.map((tag) => tag.toLowerCase().normalize('NFC'));
  return postgresSearch(db).tagHistory(actor?.id ?? null, normalised, days);
}
