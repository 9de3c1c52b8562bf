/**
 * Mastodon's paging (`max_id`, `since_id`, `min_id`, `limit`) over Glimpse's newest-first lists,
 * which are keyset-paged on (created_at, id): the statuses in range are found by the time their ids
 * carry (ids.ts), so each list keeps its own order and rule.
 */
import type { Page, PostDto } from '@glimpse/shared';
import type { Cursor } from '../../lib/cursor.ts';
import { decodeCursor } from '../../lib/cursor.ts';
import { cursorOfTimeId, type IdKind, parseTimeId, timeIdOf } from './ids.ts';
import type { PageParams } from './paging.ts';

/** One page of a newest-first list, from its start (null) or after a cursor. */
export type ReadPage<T = PostDto> = (cursor: Cursor | null) => Promise<Page<T>>;

/** A list's items as status ids: posts, or events (event-statuses.ts). */
export interface ListOf<T> {
  /** The kind of the list's ids: its rows are ordered by (created_at, UUID), as the ids sort. */
  kind: IdKind;
  idOf: (item: T) => string;
}

/**
 * How far `min_id` walks down a list to find the statuses immediately newer than it (the list is
 * newest first): beyond this many pages it answers the oldest it reached, which are newer than
 * `min_id` still, as `since_id` would (a client catching up that far gets the gap filled by paging).
 */
const minIdPagesWalked = 25;

/** A post's status id; a share in the home feed is placed, and so numbered, by when it was shared. */
const idOf = (post: PostDto) => timeIdOf('post', post.sharedAt ?? post.createdAt, post.id);

export const postList: ListOf<PostDto> = { kind: 'post', idOf };

const asNumber = (id: string | null) => (id && /^\d{1,19}$/.test(id) ? BigInt(id) : null);

/**
 * The statuses Mastodon's paging asks for, newest first: older than `max_id`, newer than
 * `since_id` (the newest of them) or `min_id` (the ones immediately newer), at most `limit`.
 */
export async function pageOfList<T = PostDto>(
  read: ReadPage<T>,
  { maxId, sinceId, minId, limit }: PageParams,
  list: ListOf<T> = postList as unknown as ListOf<T>,
): Promise<T[]> {
  const { idOf } = list;
  const below = asNumber(maxId);
  const above = asNumber(minId) ?? asNumber(sinceId);
  if (maxId && below === null) return [];
  const inRange = (item: T) => {
    const id = BigInt(idOf(item));
    return (below === null || id < below) && (above === null || id > above);
  };
  const found: T[] = [];
  // Just below `max_id`, found from the id alone: one page then holds a full page.
  const parsedMaxId = maxId ? parseTimeId(maxId) : null;
  let cursor = parsedMaxId ? cursorOfTimeId(parsedMaxId, list.kind, 'older') : null;
  for (let pages = 0; ; pages++) {
    const page = await read(cursor);
    const kept = page.items.filter(inRange);
    found.push(...kept);
    // Past the lower bound: nothing further down the list (older) is wanted.
    const reachedBottom = above !== null && page.items.some((item) => BigInt(idOf(item)) <= above);
    const pagesAllowed = minId ? minIdPagesWalked : Math.ceil(limit / 20) + 1;
    if (!page.nextCursor || reachedBottom || (!minId && found.length >= limit) || pages + 1 >= pagesAllowed) {
      break;
    }
    cursor = decodeCursor(page.nextCursor);
  }
  // min_id: the oldest `limit` of the newer ones, still shown newest first, as Mastodon answers.
  return minId ? found.slice(-limit) : found.slice(0, limit);
}
