/**
 * A local member as an ActivityPub `Person` (Mastodon's actor_serializer.rb is the model): every
 * id from Fedify's Context, the RSA key as `publicKey` (its owner is the actor) and both keys as
 * `assertionMethod` multikeys. The actor id is the profile page browsers open
 * (/userpublicfeed/{uid}); a uid never changes, so a username change needs no Move.
 */
import type { Context } from '@fedify/fedify';
import { Endpoints, Image, Person } from '@fedify/vocab';
import { Temporal } from '@js-temporal/polyfill';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { findProfile } from '../../../core/profiles.ts';
import { accountAliases, federationActors, profiles } from '../../../db/schema.ts';
import { isPublishedLocal } from '../accounts.ts';
import { escapeHtml } from './html.ts';

export const absoluteUrl = (ctx: Context<CoreDeps>, path: string) => new URL(path, ctx.canonicalOrigin);

export function handleOf(ctx: Context<CoreDeps>, username: string) {
  return `${username}@${new URL(ctx.canonicalOrigin).host}`;
}

/** The actor ids of the member's aliases and of the account it moved to (local or remote). */
async function movesOf(ctx: Context<CoreDeps>, userId: string) {
  const { db } = ctx.data;
  const aliases = await db
    .select({ iri: accountAliases.iri })
    .from(accountAliases)
    .where(eq(accountAliases.userId, userId));
  const [moved] = await db
    .select({ movedToId: profiles.movedToId, remoteIri: federationActors.iri })
    .from(profiles)
    .leftJoin(federationActors, eq(federationActors.userId, profiles.movedToId))
    .where(eq(profiles.userId, userId));
  const movedTo = moved?.movedToId ? (moved.remoteIri ?? ctx.getActorUri(moved.movedToId).href) : null;
  return { aliases: aliases.map((row) => row.iri), movedTo };
}

export async function personOf(ctx: Context<CoreDeps>, userId: string): Promise<Person | null> {
  const { db, storage } = ctx.data;
  if (!(await isPublishedLocal(db, userId))) return null;
  const profile = await findProfile(db, storage, userId);
  if (!profile) return null;
  const keys = await ctx.getActorKeyPairs(userId);
  const moves = await movesOf(ctx, userId);
  const name = `${profile.firstName} ${profile.lastName}`.trim();
  const picture = (image: typeof profile.profileImage) =>
    image ? new Image({ url: absoluteUrl(ctx, image.url), mediaType: 'image/webp' }) : null;
  return new Person({
    id: ctx.getActorUri(userId),
    preferredUsername: profile.username,
    name: name || profile.username,
    summary: profile.bio ? `<p>${escapeHtml(profile.bio).replace(/\n/g, '<br>')}</p>` : null,
    url: ctx.getActorUri(userId),
    inbox: ctx.getInboxUri(userId),
    outbox: ctx.getOutboxUri(userId),
    followers: ctx.getFollowersUri(userId),
    following: ctx.getFollowingUri(userId),
    featured: ctx.getFeaturedUri(userId),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    icon: picture(profile.profileImage),
    image: picture(profile.backgroundImage),
    // A private account's follows wait for the member's approval (/follow-requests).
    manuallyApprovesFollowers: profile.isPrivate,
    discoverable: true,
    published: Temporal.Instant.from(profile.createdAt),
    // Moving between servers (outbox/moves.ts): former accounts, and where this one went.
    aliases: moves.aliases.map((iri) => new URL(iri)),
    successor: moves.movedTo ? new URL(moves.movedTo) : null,
    publicKey: keys[0]?.cryptographicKey,
    assertionMethods: keys.map((key) => key.multikey),
  });
}
