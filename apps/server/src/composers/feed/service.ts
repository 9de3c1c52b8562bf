/**
 * The home feed: posts by the accounts I follow and my own, and those they shared ("Shared by"), newest
 * first, keyset-paginated; the first page
 * from the feed cache (cache.ts) while nothing on it has changed. The statements are queries.ts's.
 */
import type { Page, PostDto } from '@glimpse/shared';
import { findAuthors } from '../../core/profiles.ts';
import type { ServiceArgs } from '../../core/service.ts';
import { feedPage, type PostRow } from '../../features/posts/queries.ts';
import type { Cursor } from '../../lib/cursor.ts';
import type { FeedCache, FeedRead } from './cache.ts';
import { feedStatements } from './queries.ts';

const sharerIdsOf = (rows: PostRow[]) => rows.flatMap((row) => (row.sharerId ? [row.sharerId] : []));

/** The page with "Shared by" filled in: the sharers' profiles in one more query, when there are any. */
async function pageOf({ ctx }: ServiceArgs<'db' | 'storage'>, rows: PostRow[]) {
  return feedPage(ctx.storage, rows, await findAuthors(ctx.db, ctx.storage, sharerIdsOf(rows)));
}

async function readFirstPage({ ctx }: ServiceArgs<'db' | 'storage' | 'actor'>): Promise<FeedRead> {
  const rows = await feedStatements(ctx.db).first.execute({ viewerId: ctx.actor.id });
  return {
    page: await pageOf({ ctx }, rows),
    postIds: rows.map((row) => row.post.id),
    authorIds: [...rows.map((row) => row.profile.userId), ...sharerIdsOf(rows)],
  };
}

export async function getFeed({
  ctx,
  input: { cursor },
}: ServiceArgs<'db' | 'storage' | 'actor', { cursor: Cursor | null }>): Promise<Page<PostDto>> {
  if (!cursor) return (await readFirstPage({ ctx })).page;
  return pageOf({ ctx }, await feedStatements(ctx.db).next.execute({ viewerId: ctx.actor.id, ...cursor }));
}

/**
 * A page as the JSON the route sends: the first from the feed cache (cache.ts) while nothing on
 * it has changed since it was read, the ones after a cursor read each time.
 */
export async function getFeedJson({
  ctx,
  input: { cursor },
}: ServiceArgs<'db' | 'storage' | 'actor', { cursor: Cursor | null }> & {
  ctx: { feedCache: FeedCache };
}): Promise<string> {
  if (cursor) return JSON.stringify(await getFeed({ ctx, input: { cursor } }));
  return ctx.feedCache.firstPage(ctx.actor.id, () => readFirstPage({ ctx }));
}
