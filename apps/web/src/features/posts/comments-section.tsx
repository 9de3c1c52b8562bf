/** Comments under a post: count label, list with authors and times, and the Comment box. */

import { CommentInput, limits, messages } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ErrorMessage } from '@/components/alert.tsx';
import { AuthorLine } from '@/components/author-line.tsx';
import { Button } from '@/components/button.tsx';
import { TextArea } from '@/components/field.tsx';
import { LinkedText } from '@/components/linked-text.tsx';
import { LoadMore } from '@/components/load-more.tsx';
import { MutedFold } from '@/components/muted-fold.tsx';
import { ReportButton } from '@/components/report-button.tsx';
import { Skeleton } from '@/components/skeleton.tsx';

import { reportContent } from '@/lib/report.ts';
import { useViewer } from '@/lib/session.ts';
import { useForm } from '@/lib/use-form.ts';
import { useAddComment, useComments } from './api/comments.ts';
import { CommentDelete } from './comment-delete.tsx';
import styles from './comments-section.module.css';

export function CommentsSection({
  postId,
  postAuthorId,
  commentCount,
}: {
  postId: string;
  postAuthorId: string;
  commentCount: number;
}) {
  const me = useViewer();
  const comments = useComments(postId);
  const addComment = useAddComment(postId);
  const form = useForm({
    initial: { body: '' },
    schema: CommentInput,
    onSubmit: async ({ body }) => {
      await addComment.mutateAsync(body);
      form.reset();
    },
  });

  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>{plural(commentCount, { one: '# comment', other: '# comments' })}</h2>
      {comments.isPending ? (
        <div className={styles.loading}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </div>
      ) : comments.isError ? (
        <ErrorMessage>{messages.post.commentsLoadFailed}</ErrorMessage>
      ) : items.length === 0 ? (
        <p className={styles.empty}>{messages.post.noComments}</p>
      ) : (
        <ol className={styles.list}>
          {items.map((comment) => (
            <li key={comment.id} className={styles.comment}>
              <div className={styles.commentHeader}>
                <AuthorLine author={comment.author} at={comment.createdAt} size={32} />
                {(me.user.id === comment.author.userId || me.user.id === postAuthorId) && (
                  <CommentDelete postId={postId} commentId={comment.id} />
                )}
                {comment.author.userId !== me.user.id && (
                  <ReportButton
                    label={t`Report comment`}
                    title={t`Report this comment`}
                    description={t`Tell our moderators what is wrong with this comment. Its author will not see who reported it.`}
                    size="sm"
                    send={(reason, _forward, ruleIds) =>
                      reportContent('comment', comment.id, reason, false, ruleIds)
                    }
                  />
                )}
              </div>
              <MutedFold text={comment.body} what="comment">
                <p className={styles.body}>
                  <LinkedText text={comment.body} />
                </p>
              </MutedFold>
            </li>
          ))}
        </ol>
      )}
      <LoadMore
        auto={false}
        label={t`Show more comments`}
        hasNextPage={comments.hasNextPage}
        isFetchingNextPage={comments.isFetchingNextPage}
        fetchNextPage={comments.fetchNextPage}
      />
      <form className={styles.form} onSubmit={form.submit} noValidate>
        <TextArea
          label={t`Comment`}
          rows={2}
          value={form.values.body}
          maxLength={limits.commentMax}
          onChange={(e) => form.set('body', e.target.value)}
          placeholder={t`Add a comment…`}
          error={form.alert(messages.post.commentFailed) || undefined}
        />
        <Button type="submit" size="sm" busy={form.busy} busyLabel={t`Posting...`}>
          <Trans>Post comment</Trans>
        </Button>
      </form>
    </section>
  );
}
