/**
 * Flag (a report from another server, as Mastodon forwards one: from its instance actor, the
 * reported account and any posts as objects, the reason as content) becomes a report in the
 * moderation console, filed as that sender through the same write as a member's report
 * (features/safety/reports.ts): about the first of our posts it names, or else the account.
 * Only what the sender may see can be reported, and one open report per sender and target.
 */
import type { InboxContext } from '@fedify/fedify';
import { type Flag, Note } from '@fedify/vocab';
import { limits } from '@glimpse/shared';
import type { CoreDeps } from '../../../core/deps.ts';
import { AppError } from '../../../lib/errors.ts';
import { fileReport } from '../../safety/reports.ts';
import { isPublishedLocal } from '../accounts.ts';
import { htmlToText, storableText } from '../objects/html.ts';
import { senderOf } from './sender.ts';

export async function onFlag(ctx: InboxContext<CoreDeps>, flag: Flag): Promise<void> {
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
  if (!account && !post) return;
  const reporterId = await senderOf(ctx, flag);
  if (!reporterId || !flag.actorId) return;
  const reason =
    storableText(htmlToText(flag.content?.toString() ?? ''), limits.reportMax) || flag.actorId.host;
  const { db, storage, live } = ctx.data;
  const target = post
    ? { targetType: 'post' as const, targetId: post }
    : { targetType: 'account' as const, targetId: account! };
  try {
    await fileReport({
      ctx: { db, storage, live, viewer: { id: reporterId, email: '' } },
      input: { ...target, reason },
    });
  } catch (error) {
    // Not visible to the sender, already reported by it, or its own: nothing to add.
    if (!(error instanceof AppError)) throw error;
  }
}
