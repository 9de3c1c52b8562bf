/**
 * Flag (a report from another server, as Mastodon forwards one: from its instance actor, the
 * reported account and any posts as objects, the reason as content) becomes a report in the
 * moderation console, filed as that sender through the same write as a member's report
 * (features/safety/reports.ts): about the first of our posts it names, or else the account.
 * Only what the sender may see can be reported, and one open report per sender and target.
 *
 * One server's reports are one voice: while a report of a target from a server is open, every
 * further Flag of it from that server, whichever account sends it, is counted on that report
 * (`reports.count`) without another report, picture copy or account here; and a server files at
 * most `rateLimits.remoteReportsPerServer` new reports an hour (server-limits.ts).
 */
import type { InboxContext } from '@fedify/fedify';
import { type Flag, Note } from '@fedify/vocab';
import type { ReportTargetType } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import { and, eq, sql } from 'drizzle-orm';
import { remoteActor } from '../../../core/actor.ts';
import type { CoreDeps } from '../../../core/deps.ts';
import { isUniqueViolation } from '../../../db/errors.ts';
import { reports } from '../../../db/schema.ts';
import { fileReport } from '../../../features/safety/reports.ts';
import { AppError } from '../../../lib/errors.ts';
import { isPublishedLocal } from '../accounts.ts';
import { htmlToText, storableText } from '../objects/html.ts';
import { type InboxHandler, senderStanding } from './receive.ts';
import { withinServerLimit } from './server-limits.ts';

type Target = { targetType: ReportTargetType; targetId: string };

/** Counts one more Flag on the open report of `target` from `domain`: false when there is none. */
async function countOnOpenReport(ctx: InboxContext<CoreDeps>, domain: string, target: Target) {
  const counted = await ctx.data.db
    .update(reports)
    .set({ count: sql`${reports.count} + 1` })
    .where(
      and(
        eq(reports.remoteDomain, domain),
        eq(reports.targetType, target.targetType),
        eq(reports.targetId, target.targetId),
        eq(reports.status, 'open'),
      ),
    )
    .returning({ id: reports.id });
  if (counted.length > 0) ctx.data.live.publish({ kind: 'reports_changed' });
  return counted.length > 0;
}

/** Files the Flag's report as `reporterId`, the account that sent it. */
async function fileAs(ctx: InboxContext<CoreDeps>, flag: Flag, reporterId: string, target: Target) {
  const domain = flag.actorId!.host.toLowerCase();
  const reason =
    storableText(htmlToText(flag.content?.toString() ?? ''), limits.reportMax) || flag.actorId!.host;
  const { db, storage, live } = ctx.data;
  try {
    await fileReport({
      ctx: { db, storage, live, actor: remoteActor(reporterId) },
      input: { ...target, reason, remoteDomain: domain },
    });
  } catch (error) {
    // Another Flag from that server filed it a moment before: this one counts on it.
    if (isUniqueViolation(error, 'reports_open_per_server_uq')) {
      await countOnOpenReport(ctx, domain, target);
      return;
    }
    // Not visible to the sender, already reported by it, or its own: nothing to add.
    if (!(error instanceof AppError)) throw error;
  }
}

export const onFlag: InboxHandler<Flag, Target, 'anyone'> = {
  sender: 'anyone',
  /**
   * The first of our posts the Flag names, or else our account; and, one server being one voice,
   * nothing more when it counts on that server's open report of it, or when the server is past its
   * hourly number of new reports. The sender's standing is read first: a server we do not hear from
   * counts on nothing.
   */
  async find(ctx, flag) {
    let account: string | null = null;
    let post: string | null = null;
    for (const iri of flag.objectIds) {
      const parsed = ctx.parseUri(iri);
      if (parsed?.type === 'actor' && !account && (await isPublishedLocal(ctx.data.db, parsed.identifier))) {
        account = parsed.identifier;
      } else if (parsed?.type === 'object' && parsed.class === Note && !post) {
        post = parsed.values.id ?? null;
      }
    }
    if ((!account && !post) || !flag.actorId) return null;
    const target: Target = post
      ? { targetType: 'post', targetId: post }
      : { targetType: 'account', targetId: account! };
    const domain = flag.actorId.host.toLowerCase();
    const standing = await senderStanding(ctx.data.db, flag.actorId);
    if (standing.domainBlocked || standing.suspended) return null;
    if (await countOnOpenReport(ctx, domain, target)) return null;
    if (!(await withinServerLimit(ctx.data, 'remoteReportsPerServer', domain))) return null;
    return { about: target, standing };
  },
  handle: (ctx, flag, sender, target) => fileAs(ctx, flag, sender.id, target),
};
