import type { PostDto } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { MessageCircle } from 'lucide-react';
import { Link } from 'react-router';
import { AuthorLine } from '@/components/author-line.tsx';
import { blurredAsSensitive, ContentWarningBar, useContentWarning } from '@/components/content-warning.tsx';
import { LinkedText } from '@/components/linked-text.tsx';
import { MutedFold } from '@/components/muted-fold.tsx';
import { PhotoCarousel } from '@/components/photo-carousel.tsx';
import { SensitiveMedia } from '@/components/sensitive-media.tsx';
import { useAuth } from '@/lib/session.ts';
import styles from './feed-item.module.css';
import { FollowedTagLine } from './followed-tag-line.tsx';
import { LikeButton } from './like-button.tsx';
import { PinButton } from './pin-button.tsx';
import { PinnedMark } from './pinned-mark.tsx';
import { PlaceLink } from './place-link.tsx';
import { QuoteButton } from './quote-button.tsx';
import { QuoteCard } from './quote-card.tsx';
import { ShareButton, SharedByLine } from './share-button.tsx';

/** One post in the home feed (composed into it by app/home-route.tsx): who shared it, author with badges, picture, caption, Like, Share and counts. */
export function FeedItem({ post, priority }: { post: PostDto; priority?: boolean }) {
  const warning = useContentWarning(post.contentWarning);
  const auth = useAuth();
  const mine = auth.status === 'signedIn' && auth.me.user.id === post.author.userId;
  return (
    <article className={styles.item} aria-label={t`Post by ${post.author.firstName} ${post.author.lastName}`}>
      <SharedByLine post={post} />
      <FollowedTagLine post={post} />
      <header className={styles.header}>
        <AuthorLine author={post.author} at={post.createdAt} />
        {mine ? <PinButton post={post} /> : <PinnedMark pinned={post.pinned} />}
      </header>
      <MutedFold post={post} what="post">
        {post.place && (
          <div className={styles.place}>
            <PlaceLink place={post.place} />
          </div>
        )}
        <ContentWarningBar state={warning} />
        {warning.expanded && (
          <div className={styles.media} id={warning.mediaId}>
            <SensitiveMedia sensitive={blurredAsSensitive(post)}>
              <PhotoCarousel
                photos={post.photos}
                fallbackAlt={post.caption}
                sizes="(min-width: 900px) 600px, 100vw"
                priority={priority}
                autoplayVideos
              />
            </SensitiveMedia>
          </div>
        )}
        <div className={styles.body}>
          <div className={styles.actions}>
            <LikeButton post={post} />
            <ShareButton post={post} />
            <QuoteButton post={post} />
            <Link to={paths.postDetail(post.id)} className={styles.comments}>
              <MessageCircle aria-hidden="true" size={20} />
              {plural(post.commentCount, { one: '# comment', other: '# comments' })}
            </Link>
          </div>
          <p className={styles.likes}>
            {plural(post.likeCount, { one: '# like', other: '# likes' })}
            {post.shareCount > 0 && <> · {plural(post.shareCount, { one: '# share', other: '# shares' })}</>}
          </p>
          {warning.expanded && (
            <p className={styles.caption} id={warning.captionId}>
              <LinkedText text={post.caption} />
            </p>
          )}
          {warning.expanded && <QuoteCard quote={post.quote} postId={post.id} />}
        </div>
      </MutedFold>
    </article>
  );
}
