/**
 * The work of the `federation_backfill` job (backfill.ts): a remote account's outbox read and its
 * recent public photo posts stored, and its pinned posts (Mastodon's `featured` collection) marked
 * "Pinned" on its profile here. Its own module so that Fedify loads with the first backfill,
 * not with the runner's task list (docs/performance.md, "Memory").
 */
import {
  type Actor,
  Create,
  isActor,
  lookupObject,
  Note,
  type OrderedCollection,
  OrderedCollectionPage,
  Page,
} from '@fedify/vocab';
import { FetchError } from '@fedify/vocab-runtime';
import { limits } from '@glimpse/shared';
import { and, eq, isNotNull, notInArray } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { withTransaction } from '../../../core/service.ts';
import { federationActors, posts, user } from '../../../db/schema.ts';
import { isPublishedLocal } from '../accounts.ts';
import { domainBlockOf } from '../admin/domain-blocks.ts';
import { federationContext } from '../context.ts';
import { audienceOfNote } from '../objects/audience.ts';
import { storeRemoteNote } from './remote-posts.ts';

/** A Mastodon outbox page holds 20 items; two pages give a grid of recent photos without a crawl. */
const maxPages = 2;
const maxItemsRead = 40;
const maxPostsStored = 20;

type LoadOptions = Parameters<Create['getObject']>[0];

/** `object` when it is the account's own public post (not a reply) that may be stored here; else null. */
function ownPublicPost(object: unknown, actorIri: string, activity?: Create) {
  if (!(object instanceof Note || object instanceof Page) || !object.id) return null;
  // The account's own post, from its own server: the same rule inbound Create holds (inbox/create.ts).
  if (object.attributionId?.href !== actorIri || object.id.origin !== new URL(actorIri).origin) return null;
  // A reply is a comment somewhere else, and a followers-only or direct post is never ours to show.
  if (object.replyTargetId || audienceOfNote(object, null, activity) !== 'public') return null;
  return object;
}

/** The outbox item's post and the Create that carries it, when it is one to store here; else null. */
async function publicPostOf(item: unknown, actorIri: string, options: LoadOptions) {
  if (!(item instanceof Create) || item.actorId?.href !== actorIri) return null;
  const post = ownPublicPost(await item.getObject(options).catch(() => null), actorIri, item);
  return post ? { post, create: item } : null;
}

/**
 * The account's pinned posts: Mastodon's `featured` collection (ActivityPub::CollectionsController
 * renders the pinned statuses embedded, newest pin first), each stored like an outbox post, then
 * marked pinned here in that order; a post no longer in it is unpinned. At most
 * `limits.pinnedPostsMax`, as for a member. A collection that cannot be read changes nothing.
 */
async function readPins(deps: CoreDeps, userId: string, actor: Actor, options: LoadOptions) {
  if (!actor.id || !actor.featuredId || actor.featuredId.origin !== actor.id.origin) return;
  const featured = await actor.getFeatured(options).catch(() => null);
  if (!featured) return;
  const pinned: string[] = [];
  let read = 0;
  for await (const item of featured.getItems(options)) {
    if (++read > limits.pinnedPostsMax * 2 || pinned.length >= limits.pinnedPostsMax) break;
    const post = ownPublicPost(item, actor.id.href);
    const postId = post && (await storeRemoteNote(deps, userId, post, { backfill: true }));
    if (postId) pinned.push(postId);
  }
  const now = Date.now();
  await withTransaction(deps.db, async (tx) => {
    await tx
      .update(posts)
      .set({ pinnedAt: null })
      .where(
        and(
          eq(posts.authorId, userId),
          isNotNull(posts.pinnedAt),
          pinned.length ? notInArray(posts.id, pinned) : undefined,
        ),
      );
    // The first listed is the newest pin: each a millisecond before the one above it.
    for (const [index, postId] of pinned.entries())
      await tx
        .update(posts)
        .set({ pinnedAt: new Date(now - index) })
        .where(and(eq(posts.id, postId), eq(posts.authorId, userId)));
  });
}

async function* outboxItems(outbox: OrderedCollection | OrderedCollectionPage, options: LoadOptions) {
  // An actor whose `outbox` is itself a page (rare): its items, and no further.
  if (outbox instanceof OrderedCollectionPage) {
    yield* outbox.getItems(options);
    return;
  }
  let page = await outbox.getFirst(options);
  // Pixelfed's outbox has no pages: its items are in the collection itself.
  if (!page) {
    yield* outbox.getItems(options);
    return;
  }
  for (let n = 1; page && n <= maxPages; n++) {
    yield* page.getItems(options);
    page = n < maxPages ? await page.getNext(options) : null;
  }
}

/** Reads `userId`'s outbox, signed as `requesterId` where it may sign, and stores what it finds. */
export async function readOutbox(deps: CoreDeps, userId: string, requesterId: string): Promise<void> {
  if (deps.env.FEDERATION === 'off') return;
  const [account] = await deps.db
    .select({ iri: federationActors.iri, domain: federationActors.domain, banned: user.banned })
    .from(federationActors)
    .innerJoin(user, eq(user.id, federationActors.userId))
    .where(eq(federationActors.userId, userId));
  // Gone, suspended, or on a blocked domain (a media-only block leaves no photos to show).
  if (!account || account.banned || (await domainBlockOf(deps.db, account.domain))) return;
  const ctx = federationContext(deps);
  const documentLoader = (await isPublishedLocal(deps.db, requesterId))
    ? await ctx.getDocumentLoader({ identifier: requesterId })
    : ctx.documentLoader;
  const options = { documentLoader, contextLoader: ctx.contextLoader };
  const actor = await lookupObject(account.iri, options);
  if (!actor || !isActor(actor) || actor.id?.href !== account.iri || !actor.outboxId) return;
  if (actor.outboxId.origin !== actor.id.origin) return;
  await readPins(deps, userId, actor, options);
  // An outbox its server will not show (404, 401 to an unsigned or unknown reader) is no failure
  // worth another try; a server that does not answer is (the job's few tries).
  const outbox = await actor.getOutbox(options).catch((error: unknown) => {
    if (error instanceof FetchError && /HTTP 4\d\d/.test(error.message)) return null;
    throw error;
  });
  if (!outbox) return;
  let read = 0;
  let stored = 0;
  for await (const item of outboxItems(outbox, options)) {
    if (++read > maxItemsRead || stored >= maxPostsStored) break;
    const found = await publicPostOf(item, account.iri, options);
    if (
      found &&
      (await storeRemoteNote(deps, userId, found.post, { backfill: true, activity: found.create }))
    ) {
      stored++;
    }
  }
  if (stored > 0) deps.live.publish({ kind: 'posts_backfilled', authorId: userId, requesterId });
}
