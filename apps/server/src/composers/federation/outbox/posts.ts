/**
 * A local post to its author's remote followers: the `federation_post` job that the post's insert,
 * edit or delete queues in its own statement (core/federation-jobs.ts `postDelivery`, only when
 * the author has a follower on another server). Create(Note), Update(Note) or Delete(Tombstone), and
 * Add or Remove on the author's featured collection for a pin or unpin, addressed to Public with the
 * followers collection in cc, handed to Fedify for its integrity proofs and one delivery per
 * inbox (a server's shared inbox once), each a job of its own (transport/queue.ts, transport/deliver.ts).
 *
 * Fedify and the objects built on it load with the first job, not with the runner's task list: a
 * job-running process that federates nothing never holds them (~25 MB, docs/performance.md).
 */
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { federatePostJob, type PostFederationPayload } from '../../../core/federation-jobs.ts';
import type { Db } from '../../../db/client.ts';
import { importedPosts } from '../../../db/schema.ts';
import { defineTask } from '../../../jobs/task.ts';
import { isPublishedLocal } from '../accounts.ts';
import { remoteFollowersOf } from './recipients.ts';

const isImportedPost = async (db: Db, postId: string) =>
  (
    await db
      .select({ postId: importedPosts.postId })
      .from(importedPosts)
      .where(eq(importedPosts.postId, postId))
  ).length > 0;

export const federatePostTask = defineTask<PostFederationPayload, CoreDeps>({
  ...federatePostJob,
  async run({ postId, authorId, kind }, deps) {
    if (deps.env.FEDERATION === 'off') return;
    const { db } = deps;
    if (!(await isPublishedLocal(db, authorId))) return;
    const recipients = await remoteFollowersOf(db, authorId);
    if (recipients.length === 0) return;
    const [{ Add, Delete, Note, Remove, Tombstone }, { Temporal }, { federationContext }, objects] =
      await Promise.all([
        import('@fedify/vocab'),
        import('@js-temporal/polyfill'),
        import('../context.ts'),
        import('../objects/note.ts'),
      ]);
    const { addressingOf, NoteCreate, NoteUpdate, noteOf } = objects;
    const ctx = federationContext(deps);
    const actor = ctx.getActorUri(authorId);
    const noteId = ctx.getObjectUri(Note, { id: postId });
    const sender = { identifier: authorId };
    // A deleted post's audience is gone with it: the Delete goes to the followers, who had it.
    const addressing =
      kind === 'delete' ? { to: ctx.getFollowersUri(authorId) } : await addressingOf(ctx, postId, authorId);
    if (kind === 'delete') {
      const activity = new Delete({
        id: new URL(`#delete/${crypto.randomUUID()}`, noteId),
        actor,
        object: new Tombstone({ id: noteId }),
        ...addressing,
      });
      await ctx.sendActivity(sender, recipients, activity, { preferSharedInbox: true });
      return;
    }
    // A pin or unpin: Add or Remove of the Note on the author's featured collection, as Mastodon
    // sends them (AddSerializer, RemoveSerializer), to the followers who hold the post.
    if (kind === 'pin' || kind === 'unpin') {
      const values = {
        id: new URL(`#${kind === 'pin' ? 'add' : 'remove'}/${crypto.randomUUID()}`, noteId),
        actor,
        object: noteId,
        target: ctx.getFeaturedUri(authorId),
        ...addressing,
      };
      await ctx.sendActivity(sender, recipients, kind === 'pin' ? new Add(values) : new Remove(values), {
        preferSharedInbox: true,
      });
      return;
    }
    // An imported post is backdated history, not news: its Create is never sent, not even quietly.
    // The import queues none; jobs queued before it stopped doing so end here.
    if (kind === 'insert' && (await isImportedPost(db, postId))) return;
    // Created and deleted before this ran: the delete's own job tells the followers.
    const note = await noteOf(ctx, postId);
    if (!note) return;
    const values = {
      actor,
      object: note,
      ...addressing,
      published: note.published ?? Temporal.Now.instant(),
    };
    const activity =
      kind === 'insert'
        ? new NoteCreate({ id: new URL('#create', noteId), ...values })
        : new NoteUpdate({ id: new URL(`#update/${crypto.randomUUID()}`, noteId), ...values });
    // No fan-out message: from five inboxes on, Fedify would queue the activity as JSON and read it
    // back as a plain Create, whose compaction drops the photos' blurhash and no longer matches the
    // integrity proof made here. This job is already off the request, and queues one delivery
    // per inbox itself (interop.test.ts, "to one inbox or five").
    await ctx.sendActivity(sender, recipients, activity, { preferSharedInbox: true, fanout: 'skip' });
  },
});
