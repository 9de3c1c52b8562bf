/** Comments under a post: count label, list with authors and times, and the Comment box. */
import { CommentInput, limits, messages } from '@glimpse/shared';
import { type FormEvent, useState } from 'react';
import { ErrorMessage } from '@/components/alert.tsx';
import { AuthorLine } from '@/components/author-line.tsx';
import { Button } from '@/components/button.tsx';
import { TextArea } from '@/components/field.tsx';
import { LoadMore } from '@/components/load-more.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { pluralize } from '@/lib/format.ts';
import { useAddComment, useComments } from './api/comments.ts';
import styles from './comments-section.module.css';

export function CommentsSection({ postId, commentCount }: { postId: string; commentCount: number }) {
  const comments = useComments(postId);
  const addComment = useAddComment(postId);
  const [body, setBody] = useState('');
  const [error, setError] = useState('');

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = CommentInput.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? messages.post.commentFailed);
      return;
    }
    setError('');
    addComment.mutate(parsed.data.body, {
      onSuccess: () => setBody(''),
      onError: (err) => setError(actionableMessage(err, messages.post.commentFailed)),
    });
  }

  const items = comments.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <section className={styles.section}>
      <h2 className={styles.heading}>{pluralize(commentCount, 'comment')}</h2>
      {comments.isPending ? (
        <div className={styles.loading}>
          <Skeleton height={40} />
          <Skeleton height={40} />
        </div>
      ) : comments.isError ? (
        <ErrorMessage>Comments could not be loaded.</ErrorMessage>
      ) : items.length === 0 ? (
        <p className={styles.empty}>{messages.post.noComments}</p>
      ) : (
        <ol className={styles.list}>
          {items.map((comment) => (
            <li key={comment.id} className={styles.comment}>
              <AuthorLine author={comment.author} at={comment.createdAt} size={32} />
              <p className={styles.body}>{comment.body}</p>
            </li>
          ))}
        </ol>
      )}
      <LoadMore
        auto={false}
        label="Show more comments"
        hasNextPage={comments.hasNextPage}
        isFetchingNextPage={comments.isFetchingNextPage}
        fetchNextPage={comments.fetchNextPage}
      />
      <form className={styles.form} onSubmit={submit} noValidate>
        <TextArea
          label="Comment"
          rows={2}
          value={body}
          maxLength={limits.commentMax}
          onChange={(e) => setBody(e.target.value)}
          placeholder="Add a comment…"
          error={error || undefined}
        />
        <Button type="submit" size="sm" busy={addComment.isPending} busyLabel="Posting...">
          Post comment
        </Button>
      </form>
    </section>
  );
}
