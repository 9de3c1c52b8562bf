/**
 * A quote's embed under the quoting post's caption: the quoted post's author, first photo and
 * caption, as one link to it; "This post is unavailable." once it was deleted, hidden or closed to
 * quotes or refused, "The author removed this quote." once its author revoked it, and a waiting
 * line while its author's server has not allowed the quote. A quoted post's
 * warning stands in for its caption and photo, which open on the post itself. The quoted post's
 * author sees "Remove quote" under the card (confirmed first): the quote then shows as removed.
 */
import type { PostDto } from '@glimpse/shared';
import { messages, paths } from '@glimpse/shared';
import { Quote, X } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/dialog.tsx';
import { ResponsiveImage } from '@/components/responsive-image.tsx';
import { fullName } from '@/lib/format.ts';
import { useAuth } from '@/lib/session.ts';
import { useRemoveQuote } from './api/remove-quote.ts';
import styles from './quote-card.module.css';

/** `postId`: the quoting post (none for the preview on /addpost). */
export function QuoteCard({ quote, postId }: { quote: PostDto['quote']; postId?: string }) {
  const auth = useAuth();
  if (!quote) return null;
  if (!quote.post) {
    return (
      <p className={styles.missing}>
        <Quote aria-hidden="true" size={16} />
        {quote.state === 'pending'
          ? messages.quotes.pending
          : quote.state === 'revoked'
            ? messages.quotes.revoked
            : messages.quotes.unavailable}
      </p>
    );
  }
  const quoted = quote.post;
  const covered = quoted.contentWarning !== '' || quoted.sensitive;
  return (
    <>
      <Link to={paths.postDetail(quoted.id)} className={styles.card} data-testid="quote-card">
        {quoted.photo && !covered && (
          <span className={styles.thumb}>
            <ResponsiveImage
              image={quoted.photo.image}
              alt={quoted.photo.altText || quoted.caption}
              sizes="72px"
              className={styles.photo}
            />
          </span>
        )}
        <span className={styles.text}>
          {/* One ellipsis for the whole line cut an RTL line at its left end, where a handle (read
            left to right) has its "@": each part is cut on its own, the handle at its right end. */}
          <span className={styles.author}>
            <bdi className={styles.name}>{fullName(quoted.author)}</bdi>{' '}
            <bdi dir="ltr" className={styles.handle}>
              @{quoted.author.username}
            </bdi>
          </span>
          <span className={styles.caption}>{quoted.contentWarning || quoted.caption}</span>
        </span>
      </Link>
      {postId && auth.me?.user.id === quoted.author.userId && <RemoveQuote quotingPostId={postId} />}
    </>
  );
}

function RemoveQuote({ quotingPostId }: { quotingPostId: string }) {
  const [open, setOpen] = useState(false);
  const remove = useRemoveQuote(quotingPostId);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        className={styles.remove}
        icon={<X aria-hidden="true" size={16} />}
        onClick={() => setOpen(true)}
      >
        {messages.quotes.remove}
      </Button>
      <ConfirmDialog
        open={open}
        title={messages.quotes.confirmRemoveTitle}
        message={messages.quotes.confirmRemove}
        confirmLabel={messages.quotes.remove}
        busy={remove.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => remove.mutate(undefined, { onSettled: () => setOpen(false) })}
      />
    </>
  );
}
