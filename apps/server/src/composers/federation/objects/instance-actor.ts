/**
 * The server itself as an actor (Mastodon's instance actor, InstanceActorSerializer): an
 * `Application` that signs what no member should sign, today the Flags that forward members'
 * reports (outbox/reports.ts), so the reporter stays anonymous to the other server. Its
 * identifier is `actor`, which no account's id can be (better-auth's 32 random characters, `ap-…` for remote ones), so its id is
 * /userpublicfeed/actor (Fedify has one actor path); its preferredUsername is our hostname, as
 * Mastodon's and Pixelfed's are, and WebFinger answers it (Mastodon checks that an actor's
 * WebFinger loops back before it trusts the key). It takes the handle before any member who
 * picked the hostname as a username. Its key pairs are made once (transport/keys.ts).
 */
import type { Context } from '@fedify/fedify';
import { Application, Endpoints } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';

export const instanceActorIdentifier = 'actor';

/** The WebFinger username of the instance actor: PUBLIC_URL's hostname, without its port. */
export const instanceActorUsername = (ctx: Context<CoreDeps>) => new URL(ctx.canonicalOrigin).hostname;

export async function instanceActorOf(ctx: Context<CoreDeps>): Promise<Application> {
  const keys = await ctx.getActorKeyPairs(instanceActorIdentifier);
  const username = instanceActorUsername(ctx);
  return new Application({
    id: ctx.getActorUri(instanceActorIdentifier),
    preferredUsername: username,
    name: username,
    url: new URL(ctx.canonicalOrigin),
    inbox: ctx.getInboxUri(instanceActorIdentifier),
    endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
    // Nobody follows the server itself (Mastodon says the same of its instance actor).
    manuallyApprovesFollowers: true,
    publicKey: keys[0]?.cryptographicKey,
    assertionMethods: keys.map((key) => key.multikey),
  });
}
