/**
 * The triggers of the migrated schema. A trigger is where a reader of the TypeScript does not look:
 * a job it queues or a rule it holds is invisible from the service that makes the write, so what
 * follows a write is written in that write's statement or transaction instead (a job: an
 * `addJobForRowSql` step in its RETURNING or an `addJob` call, core/federation-jobs.ts). The few
 * that stay keep the database's own bookkeeping, each named here with why; a new trigger fails
 * this test until it is added to the list with its reason.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';

const feedNotice =
  'NOTIFYs the feed caches of every process of what a statement changed (migration 0011): the live fan-out LISTEN/NOTIFY exists for, which no code path may forget';
const postPhotos =
  'keeps posts.photos, the copy of its photos that lists read in one row, in step with post_images and images (migrations 0010, 0013): a cache, not a rule';
const listedTags =
  'keeps post_tags.listed, the copy of "public on a public account" that the tag index filters on, in step with posts.audience and profiles.is_private (migration 0024): a cache, not a rule';

/** `table.trigger` → why it stays a trigger. */
const kept: Record<string, string> = {
  'post_versions.post_versions_no_update':
    'an immutability guard: a version of an edited post, once written, never changes (migration 0004)',
  'post_images.post_images_added': postPhotos,
  'post_images.post_images_changed': postPhotos,
  'post_images.post_images_removed': postPhotos,
  'images.images_changed': postPhotos,
  'posts.posts_feed_added': feedNotice,
  'posts.posts_feed_changed': feedNotice,
  'posts.posts_feed_removed': feedNotice,
  'post_likes.post_likes_feed_added': feedNotice,
  'post_likes.post_likes_feed_removed': feedNotice,
  'post_saves.post_saves_feed_added': feedNotice,
  'post_saves.post_saves_feed_removed': feedNotice,
  'post_shares.post_shares_feed_added': feedNotice,
  'post_shares.post_shares_feed_removed': feedNotice,
  'post_tags.post_tags_feed_added': feedNotice,
  'followed_tags.followed_tags_feed_added': feedNotice,
  'followed_tags.followed_tags_feed_removed': feedNotice,
  'post_quotes.post_quotes_feed_changed': feedNotice,
  'profiles.profiles_feed_changed': feedNotice,
  'profiles.profiles_feed_removed': feedNotice,
  'follows.follows_feed_added': feedNotice,
  'follows.follows_feed_removed': feedNotice,
  'mutes.mutes_feed_added': feedNotice,
  'mutes.mutes_feed_removed': feedNotice,
  'blocks.blocks_feed_added': feedNotice,
  'blocks.blocks_feed_removed': feedNotice,
  'images.images_feed_changed': feedNotice,
  'user.user_banned_feed_changed': feedNotice,
  'events.events_feed_added': feedNotice,
  'events.events_feed_changed': feedNotice,
  'events.events_feed_removed': feedNotice,
  'events.events_next_start':
    "keeps a single date's next_starts_at equal to its start, whoever writes the row (migration 0018): a derived column",
  'post_tags.post_tags_listed': listedTags,
  'posts.posts_audience_relist': listedTags,
  'profiles.profiles_privacy_relist': listedTags,
};

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('triggers', () => {
  it('are only the ones named with their reason, and none queues a job', async () => {
    const { rows } = (await t.db.execute(sql`
      select c.relname || '.' || g.tgname as name, p.prosrc as source
      from pg_trigger g
      join pg_class c on c.oid = g.tgrelid
      join pg_namespace n on n.oid = c.relnamespace
      join pg_proc p on p.oid = g.tgfoid
      where n.nspname = 'public' and not g.tgisinternal`)) as unknown as {
      rows: { name: string; source: string }[];
    };
    expect(rows.map((row) => row.name).sort()).toEqual(Object.keys(kept).sort());
    for (const row of rows) expect(row.source, row.name).not.toMatch(/add_job/i);
  });

  it('leaves no function of the schema that queues a job', async () => {
    const { rows } = (await t.db.execute(sql`
      select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = 'public' and p.prosrc ~* 'add_job'`)) as unknown as { rows: { name: string }[] };
    expect(rows).toEqual([]);
  });
});
