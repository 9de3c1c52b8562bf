/**
 * Account deletion across servers. Out: a member deleting their account sends Delete(Person) to
 * every server that knows them (Mastodon's DeleteActorSerializer: id `<actor>#delete`, object the
 * actor, to Public): the servers of remote accounts that follow them or that they follow (or asked
 * to), whose posts they liked or commented on, or that liked or commented on theirs. Both are
 * read in the deletion's transaction before any row goes, and the member's keys are copied to
 * `federation_farewells` so the deliveries (each a job, retried for two days) can still be signed;
 * the hourly sweep drops them after `farewellDays`.
 *
 * In: Delete whose object is the sending actor itself (inbox/delete.ts) removes that remote account
 * (mirror/remote-actors.ts `removeRemoteAccount`).
 *
 * Fedify loads with the first farewell job, not with the runner's task list (posts.ts).
 */
import { lt, sql } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import type { Db } from '../../../db/client.ts';
import { federationFarewells } from '../../../db/schema.ts';
import { addJob, defineTask } from '../../../jobs/task.ts';
import { recipientOf } from './recipients.ts';

/** Longer than a delivery's retries (two days): the keys are there for its last try. */
export const farewellDays = 3;

type ActorRow = { iri: string; inbox: string; sharedInbox: string | null };

export const farewellTask = defineTask<{ userId: string; recipients: ActorRow[] }, CoreDeps>({
  name: 'federation_farewell',
  async run({ userId, recipients }, deps) {
    if (deps.env.FEDERATION === 'off' || recipients.length === 0) return;
    const [{ Delete, PUBLIC_COLLECTION }, { federationContext }] = await Promise.all([
      import('@fedify/vocab'),
      import('../context.ts'),
    ]);
    const ctx = federationContext(deps);
    const actor = ctx.getActorUri(userId);
    const farewell = new Delete({
      id: new URL('#delete', actor),
      actor,
      object: actor,
      to: PUBLIC_COLLECTION,
    });
    await ctx.sendActivity({ identifier: userId }, recipients.map(recipientOf), farewell, {
      preferSharedInbox: true,
    });
  },
});

/** In the account deletion's transaction, before its rows go. Nothing when no server knows the member. */
export async function queueFarewell(tx: Db, userId: string): Promise<void> {
  const rows = (await tx.execute(sql`
    select distinct a.iri, a.inbox, a.shared_inbox as "sharedInbox" from federation_actors a
    where a.user_id in (
      select follower_id from follows where followee_id = ${userId}
      union select followee_id from follows where follower_id = ${userId}
      union select follower_id from follow_requests where followee_id = ${userId}
      union select followee_id from follow_requests where follower_id = ${userId}
      union select p.author_id from post_likes l join posts p on p.id = l.post_id where l.user_id = ${userId}
      union select p.author_id from comments c join posts p on p.id = c.post_id where c.author_id = ${userId}
      union select l.user_id from post_likes l join posts p on p.id = l.post_id where p.author_id = ${userId}
      union select c.author_id from comments c join posts p on p.id = c.post_id where p.author_id = ${userId}
    )`)) as unknown as { rows: ActorRow[] };
  if (rows.rows.length === 0) return;
  const copied = (await tx.execute(sql`
    insert into ${federationFarewells} (user_id, rsa_public, rsa_private, ed25519_public, ed25519_private)
    select user_id, rsa_public, rsa_private, ed25519_public, ed25519_private from federation_keys
    where user_id = ${userId}
    on conflict (user_id) do nothing
    returning user_id`)) as unknown as { rows: unknown[] };
  // No keys: no server ever fetched the member's actor, so none can verify (or needs) a farewell.
  if (copied.rows.length === 0) return;
  await addJob(tx, farewellTask, { userId, recipients: rows.rows });
}

export async function sweepFarewells(db: Db): Promise<void> {
  await db
    .delete(federationFarewells)
    .where(lt(federationFarewells.createdAt, sql`now() - ${farewellDays}::int * interval '1 day'`));
}
