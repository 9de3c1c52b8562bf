/**
 * A remote account as local rows (docs/data-model.md "Remote accounts"): a `user` row that cannot
 * sign in (no credential account, an address under the reserved `.invalid` domain that no mail
 * reaches), a `profiles` row whose username is the full handle `name@host` (local usernames cannot
 * contain `@`, so the two never collide), and a `federation_actors` row with where it lives. Follows,
 * the feed, likes, blocks, mutes and suspensions then work on it exactly as on a member.
 *
 * Written from an actor document Fedify has verified or fetched itself (through the gate); one
 * advisory lock per actor id keeps two inbox jobs about a new actor from making it twice.
 */
import { randomBytes } from 'node:crypto';
import type { Actor } from '@fedify/vocab';
import { hasVisibleCharacter, limits } from '@glimpse/shared';
import { eq, or, sql } from 'drizzle-orm';
import { removeAccountRows } from '../../../core/account-removal.ts';
import type { CoreDeps } from '../../../core/deps.ts';
import { withTransaction } from '../../../core/service.ts';
import type { Db } from '../../../db/client.ts';
import { federationActors, profiles, user } from '../../../db/schema.ts';
import type { OutboundGate } from '../../../lib/outbound/gate.ts';
import type { Storage } from '../../../storage/storage.ts';
import { htmlToText, remoteDisplayText } from '../objects/html.ts';
import { httpHrefOf } from '../objects/links.ts';
import { actorKeyIds } from '../transport/key-owners.ts';
import { importRemoteImage } from './media.ts';

type Deps = { db: Db; storage: Storage; outbound: OutboundGate };

export class NotAnActor extends Error {}

/** The local user id of `actor`, its rows written or refreshed now. */
export async function upsertRemoteActor(deps: Deps, actor: Actor): Promise<string> {
  const inbox = httpHrefOf(actor.inboxId);
  if (!actor.id || !inbox) throw new NotAnActor('an actor without an id or an http(s) inbox');
  const iri = actor.id.href;
  const domain = actor.id.host;
  // Names, handles and bios are shown beside our own words: no direction controls (rule 21a).
  const username =
    remoteDisplayText(
      actor.preferredUsername?.toString() ?? actor.id.pathname.split('/').filter(Boolean).pop() ?? '',
      200,
    ) || 'someone';
  const handle = `${username}@${domain}`;
  const displayName = remoteDisplayText(actor.name?.toString() ?? '', limits.nameMax);
  const name = hasVisibleCharacter(displayName)
    ? displayName
    : [...username].slice(0, limits.nameMax).join('');
  const bio = remoteDisplayText(htmlToText(actor.summary?.toString() ?? ''), limits.bioMax);
  // Its profile page when that is an http(s) address, else its id (which Fedify fetched over https).
  const url = httpHrefOf(actor.url);
  const website = httpHrefOf(actor.url, limits.websiteMax) ?? iri;
  const fields = {
    iri,
    handle,
    domain,
    inbox,
    sharedInbox: httpHrefOf(actor.endpoints?.sharedInbox),
    followersUrl: httpHrefOf(actor.followersId),
    url,
    publicKeys: actorKeyIds(actor),
    fetchedAt: new Date(),
  };
  const { userId, hasPicture } = await withTransaction(deps.db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`actor:${iri}`}))`);
    const [existing] = await tx
      .select({ userId: federationActors.userId, profileImageId: profiles.profileImageId })
      .from(federationActors)
      .innerJoin(profiles, eq(profiles.userId, federationActors.userId))
      .where(or(eq(federationActors.iri, iri), sql`lower(${federationActors.handle}) = lower(${handle})`))
      .limit(1);
    if (existing) {
      await tx.update(federationActors).set(fields).where(eq(federationActors.userId, existing.userId));
      await tx
        .update(profiles)
        .set({ firstName: name, username: handle, bio, website })
        .where(eq(profiles.userId, existing.userId));
      return { userId: existing.userId, hasPicture: existing.profileImageId !== null };
    }
    const id = `ap-${randomBytes(12).toString('hex')}`;
    await tx.insert(user).values({ id, name: handle, email: `${id}@remote.invalid` });
    await tx
      .insert(profiles)
      .values({ userId: id, firstName: name, lastName: '', username: handle, bio, website });
    await tx.insert(federationActors).values({ userId: id, ...fields });
    return { userId: id, hasPicture: false };
  });
  if (!hasPicture) {
    const icon = await actor.getIcon().catch(() => null);
    const iconUrl = httpHrefOf(icon?.url);
    const imageId = iconUrl ? await importRemoteImage(deps, iconUrl, userId, 'profile') : null;
    if (imageId)
      await deps.db.update(profiles).set({ profileImageId: imageId }).where(eq(profiles.userId, userId));
  }
  return userId;
}

/** The local user id of a remote actor already known by its id, or null. */
export async function knownActorId(db: Db, iri: string): Promise<string | null> {
  const [row] = await db
    .select({ userId: federationActors.userId })
    .from(federationActors)
    .where(eq(federationActors.iri, iri))
    .limit(1);
  return row?.userId ?? null;
}

/**
 * A remote account deleted on its server (Delete of the actor): gone here with all it wrote (its
 * posts, comments, likes, follows), the counters moved back, as a member's own deletion does.
 */
export async function removeRemoteAccount(
  deps: Pick<CoreDeps, 'db' | 'storage' | 'live' | 'logger'>,
  userId: string,
): Promise<void> {
  const removed = await withTransaction(deps.db, (tx) => removeAccountRows(tx, userId));
  for (const post of removed.posts.slice(0, 200)) {
    deps.live.publish({
      kind: 'post_deleted',
      authorId: userId,
      postId: post.id,
      createdAt: post.createdAt.toISOString(),
    });
  }
  await deps.storage
    .delete(removed.imageKeys)
    .catch((err) => deps.logger.error({ err, userId }, 'removed remote account left files'));
}
