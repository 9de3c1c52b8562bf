/**
 * A member's report about a remote account, forwarded to that account's server when the member
 * ticked "Forward to <server>": the `federation_flag` job that the report's insert queues in its
 * own statement (core/federation-jobs.ts). As Mastodon forwards one (ActivityPub::FlagSerializer): a `Flag` from the instance
 * actor (objects/instance-actor.ts), never from the member, so the other server learns what was reported
 * and why but not by whom; `object` the account's actor id and the reported post's, comment's or
 * event's id there; `content` the member's reason. One delivery, to the server's shared inbox (or
 * the account's inbox), a `federation_message` job of its own, retried like every delivery
 * (transport/jobs.ts, which also drops it if the domain is blocked by then).
 */
import type { ReportTargetType } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import type { CoreDeps } from '../../../core/deps.ts';
import { forwardReportJob } from '../../../core/federation-jobs.ts';
import type { Db } from '../../../db/client.ts';
import { federationComments, federationEvents, federationPosts, reports } from '../../../db/schema.ts';
import { rulesOfReports } from '../../../features/safety/reports.ts';
import { defineTask } from '../../../jobs/task.ts';
import { remoteActorOf } from '../accounts.ts';
import { isDomainBlocked } from '../admin/domain-blocks.ts';
import { recipientOf } from './recipients.ts';

/** The reported content's id on its own server; null for an account or content made here. */
async function remoteIriOf(db: Db, type: ReportTargetType, id: string): Promise<string | null> {
  const uuid = /^[0-9a-f-]{36}$/i.test(id);
  if (!uuid) return null;
  const [row] =
    type === 'post'
      ? await db
          .select({ iri: federationPosts.iri })
          .from(federationPosts)
          .where(eq(federationPosts.postId, id))
      : type === 'comment'
        ? await db
            .select({ iri: federationComments.iri })
            .from(federationComments)
            .where(eq(federationComments.commentId, id))
        : type === 'event'
          ? await db
              .select({ iri: federationEvents.iri })
              .from(federationEvents)
              .where(eq(federationEvents.eventId, id))
          : [];
  return row?.iri ?? null;
}

/**
 * The reporter's reason, then the rules of this server they said were broken, by their text: a rule's
 * id means nothing on the other server. Mastodon sends only the reason (its Flag has no field for
 * rules); naming them in `content` is what its open proposal does (mastodon#24968, #31092), and any
 * server shows it to its moderators as the report's comment.
 */
export function flagContent(reason: string, rules: readonly { text: string }[], host: string): string {
  if (rules.length === 0) return reason;
  return [reason, '', messages.registrations.flagRules(host), ...rules.map((rule) => `- ${rule.text}`)].join(
    '\n',
  );
}

export const forwardReportTask = defineTask<{ reportId: string }, CoreDeps>({
  ...forwardReportJob,
  async run({ reportId }, deps) {
    if (deps.env.FEDERATION === 'off') return;
    const { db } = deps;
    const [report] = await db.select().from(reports).where(eq(reports.id, reportId));
    // Gone with its reporter, or the account deleted meanwhile: nothing left to name.
    if (!report?.forward || !report.reportedUserId) return;
    const actor = await remoteActorOf(db, report.reportedUserId);
    if (!actor || (await isDomainBlocked(db, actor.domain))) return;
    const objectIri = await remoteIriOf(db, report.targetType, report.targetId);
    const rules = (await rulesOfReports(db, [report.id])).get(report.id) ?? [];
    // Fedify loads with the first job, not with the runner's task list (posts.ts).
    const [{ Flag }, { federationContext }, { instanceActorIdentifier }] = await Promise.all([
      import('@fedify/vocab'),
      import('../context.ts'),
      import('../objects/instance-actor.ts'),
    ]);
    const ctx = federationContext(deps);
    const sender = ctx.getActorUri(instanceActorIdentifier);
    const flag = new Flag({
      // The report's id is random: it says nothing of who filed it.
      id: new URL(`#flags/${report.id}`, sender),
      actor: sender,
      objects: [new URL(actor.iri), ...(objectIri ? [new URL(objectIri)] : [])],
      content: flagContent(report.reason, rules, new URL(deps.env.publicUrl).host),
    });
    await ctx.sendActivity({ identifier: instanceActorIdentifier }, recipientOf(actor), flag, {
      preferSharedInbox: true,
    });
  },
});
