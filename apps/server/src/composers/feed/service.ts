/**
 * The home feed: posts by the accounts I follow and my own, newest first, keyset-paginated; the first page
 * from the feed cache (cache.ts) while nothing on it has changed. The statements are queries.ts's.
 */
import type { Page, PostDto } from '@glimpse/shared';
import type { ServiceArgs } from '../../core/service.ts';
import { feedPage } from '../../features/posts/queries.ts';
import type { Cursor } from '../../lib/cursor.ts';
import type { FeedCache, FeedRead } from './cache.ts';
import { feedStatements } from './queries.ts';

async function readFirstPage({ ctx }: ServiceArgs<'db' | 'storage' | 'actor'>): Promise<FeedRead> {
  const rows = await feedStatements(ctx.db).first.execute({ viewerId: ctx.actor.id });
  return {
    page: feedPage(ctx.storage, rows),
    postIds: rows.map((row) => row.post.id),
    authorIds: rows.map((row) => row.profile.userId),
  };
}

export async function getFeed({
  ctx,
  input: { cursor },
}: ServiceArgs<'db' | 'storage' | 'actor', { cursor: Cursor | null }>): Promise<Page<PostDto>> {
  if (!cursor) return (await readFirstPage({ ctx })).page;
  return feedPage(
    ctx.storage,
    await feedStatements(ctx.db).next.execute({ viewerId: ctx.actor.id, ...cursor }),
  );
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
