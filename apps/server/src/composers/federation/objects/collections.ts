/**
 * A member's followers, following, outbox and featured (pinned posts) collections, in keyset pages of 50 newest first
 * (cursor: the row's time and id), with their counts from the profile's counters. Followers and
 * following list local and remote accounts alike, each by its actor id.
 */
import type { Context } from '@fedify/fedify';
import { Create, Note, PUBLIC_COLLECTION, type Recipient } from '@fedify/vocab';
import { limits } from '@glimpse/shared';
import { Temporal } from '@js-temporal/polyfill';
import { and, count, desc, eq, isNotNull, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { contentVisibleTo } from '../../../core/visibility.ts';
import { federationActors, follows, posts, profiles } from '../../../db/schema.ts';
import { isPublishedLocal } from '../accounts.ts';
import { noteOf } from './note.ts';

const pageSize = 50;

function decodeCursor(cursor: string): { at: Date; id: string } | null {
  const [at, ...rest] = cursor.split('|');
  const date = new Date(at ?? '');
  return Number.isNaN(date.getTime()) || rest.length === 0 ? null : { at: date, id: rest.join('|') };
}
const encodeCursor = (at: Date, id: string) => `${at.toISOString()}|${id}`;

async function followPage(
  ctx: Context<CoreDeps>,
  userId: string,
  cursor: string | null,
  side: 'followers' | 'following',
): Promise<{ items: Recipient[]; nextCursor: string | null } | null> {
  if (!(await isPublishedLocal(ctx.data.db, userId))) return null;
  if (cursor === null) return { items: [], nextCursor: null };
  // A private account's lists are for its approved followers; over ActivityPub, where
  // nobody signs in, only the counts show.
  const [owner] = await ctx.data.db
    .select({ isPrivate: profiles.isPrivate })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (owner?.isPrivate) return { items: [], nextCursor: null };
  const after = cursor === '' ? null : decodeCursor(cursor);
  const other = side === 'followers' ? follows.followerId : follows.followeeId;
  const mine = side === 'followers' ? follows.followeeId : follows.followerId;
  const rows = await ctx.data.db
    .select({ otherId: other, at: follows.createdAt, iri: federationActors.iri })
    .from(follows)
    .leftJoin(federationActors, eq(federationActors.userId, other))
    .where(
      and(
        eq(mine, userId),
        after ? sql`(${follows.createdAt}, ${other}) < (${after.at}, ${after.id})` : undefined,
      ),
    )
    .orderBy(desc(follows.createdAt), desc(other))
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page[page.length - 1];
  return {
    items: page.map((row) => ({
      id: row.iri ? new URL(row.iri) : ctx.getActorUri(row.otherId),
      inboxId: row.iri ? null : ctx.getInboxUri(row.otherId),
    })),
    nextCursor: rows.length > pageSize && last ? encodeCursor(last.at, last.otherId) : null,
  };
}

export function registerCollections(federation: import('@fedify/fedify').Federation<CoreDeps>) {
  const counter =
    (column: 'followerCount' | 'followingCount') => async (ctx: Context<CoreDeps>, userId: string) => {
      if (!(await isPublishedLocal(ctx.data.db, userId))) return null;
      const [row] = await ctx.data.db
        .select({ n: profiles[column] })
        .from(profiles)
        .where(eq(profiles.userId, userId));
      return row?.n ?? 0;
    };
  federation
    .setFollowersDispatcher('/ap/users/{identifier}/followers', (ctx, id, cursor) =>
      followPage(ctx, id, cursor, 'followers'),
    )
    .setCounter(counter('followerCount'))
    .setFirstCursor(() => '');
  federation
    .setFollowingDispatcher('/ap/users/{identifier}/following', async (ctx, id, cursor) => {
      const page = await followPage(ctx, id, cursor, 'following');
      return page && { ...page, items: page.items.map((item) => item.id!) };
    })
    .setCounter(counter('followingCount'))
    .setFirstCursor(() => '');
  federation
    .setOutboxDispatcher('/ap/users/{identifier}/outbox', async (ctx, userId, cursor) => {
      if (!(await isPublishedLocal(ctx.data.db, userId))) return null;
      if (cursor === null) return { items: [] };
      const after = cursor === '' ? null : decodeCursor(cursor);
      const rows = await ctx.data.db
        .select({ id: posts.id, createdAt: posts.createdAt })
        .from(posts)
        .where(
          and(
            eq(posts.authorId, userId),
            // The outbox is read unsigned: public posts of a public account only (core/visibility.ts).
            contentVisibleTo(posts.authorId, posts.audience, null),
            after ? sql`(${posts.createdAt}, ${posts.id}) < (${after.at}, ${after.id}::uuid)` : undefined,
          ),
        )
        .orderBy(desc(posts.createdAt), desc(posts.id))
        .limit(pageSize + 1);
      const page = rows.slice(0, pageSize);
      const last = page[page.length - 1];
      // Each post as its Create, by reference: the Note itself is one GET away (/postdetail/{id}).
      return {
        items: page.map((post) => {
          const note = ctx.getObjectUri(Note, { id: post.id });
          return new Create({
            id: new URL('#create', note),
            actor: ctx.getActorUri(userId),
            object: note,
            to: PUBLIC_COLLECTION,
            cc: ctx.getFollowersUri(userId),
            published: Temporal.Instant.from(post.createdAt.toISOString()),
          });
        }),
        nextCursor: rows.length > pageSize && last ? encodeCursor(last.createdAt, last.id) : null,
      };
    })
    .setCounter(async (ctx, userId) => {
      if (!(await isPublishedLocal(ctx.data.db, userId))) return null;
      const [row] = await ctx.data.db
        .select({ n: count() })
        .from(posts)
        .where(and(eq(posts.authorId, userId), contentVisibleTo(posts.authorId, posts.audience, null)));
      return row?.n ?? 0;
    })
    .setFirstCursor(() => '');
  // The pinned posts, as Mastodon serves an account's featured collection: one page of the Notes
  // themselves, latest pin first; read unsigned, so public posts of a public account only.
  federation.setFeaturedDispatcher('/ap/users/{identifier}/featured', async (ctx, userId) => {
    if (!(await isPublishedLocal(ctx.data.db, userId))) return null;
    const rows = await ctx.data.db
      .select({ id: posts.id })
      .from(posts)
      .where(
        and(
          eq(posts.authorId, userId),
          isNotNull(posts.pinnedAt),
          contentVisibleTo(posts.authorId, posts.audience, null),
        ),
      )
      .orderBy(desc(posts.pinnedAt), desc(posts.id))
      .limit(limits.pinnedPostsMax);
    const notes = await Promise.all(rows.map((row) => noteOf(ctx, row.id)));
    return { items: notes.filter((note) => note !== null) };
  });
}
