/** /postdetail/{id}: the content warning, photos, caption, author, time, Edit and its history, like, save, Pin and comments. */

import { messages, paths, remoteHostOf } from '@glimpse/shared';
import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ImageOff } from 'lucide-react';
import { useParams } from 'react-router';
import { AuthorLine } from '@/components/author-line.tsx';
import { Button, ButtonLink } from '@/components/button.tsx';
import { blurredAsSensitive, ContentWarningBar, useContentWarning } from '@/components/content-warning.tsx';
import { LinkedText } from '@/components/linked-text.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { PhotoCarousel } from '@/components/photo-carousel.tsx';
import { ReportButton } from '@/components/report-button.tsx';
import { SensitiveMedia } from '@/components/sensitive-media.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { isApiError } from '@/lib/api-client.ts';

import { reportContent } from '@/lib/report.ts';
import { useViewer } from '@/lib/session.ts';
import { usePost } from './api/get-post.ts';
import { CommentsSection } from './comments-section.tsx';
import { LikeButton } from './like-button.tsx';
import { PlaceLink } from './place-link.tsx';
import styles from './post-detail-screen.module.css';
import { PostEditControls } from './post-edit-controls.tsx';
import { QuoteButton } from './quote-button.tsx';
import { QuoteCard } from './quote-card.tsx';
import { SaveButton } from './save-button.tsx';
import { ShareButton } from './share-button.tsx';

export function PostDetailScreen() {
  const { id = '' } = useParams();
  const { data: post, isPending, isError, error, refetch } = usePost(id);
  const me = useViewer();
  const warning = useContentWarning(post?.contentWarning ?? '');

  if (isPending) {
    return (
      <Page title={t`Post`} hideHeading>
        <div className={styles.card}>
          <Skeleton height="min(70vh, 560px)" />
          <div className={styles.side}>
            <Skeleton height={40} />
            <Skeleton height={80} />
          </div>
        </div>
      </Page>
    );
  }
  if (isError) {
    const missing = isApiError(error, 'NotFound');
    return (
      <Page title={t`Post`} width="narrow">
        <EmptyState icon={<ImageOff />} title={missing ? messages.post.notFound : messages.post.loadFailed}>
          {missing ? (
            <ButtonLink to={paths.explore}>
              <Trans>Explore stories</Trans>
            </ButtonLink>
          ) : (
            <Button onClick={() => void refetch()}>{messages.common.tryAgain}</Button>
          )}
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page title={t`Post by ${post.author.firstName} ${post.author.lastName}`} hideHeading>
      <article className={styles.card}>
        <div className={styles.media}>
          <ContentWarningBar state={warning} />
          {warning.expanded && (
            <div id={warning.mediaId} className={styles.mediaBody}>
              <SensitiveMedia sensitive={blurredAsSensitive(post)}>
                <PhotoCarousel
                  photos={post.photos}
                  fallbackAlt={post.caption}
                  sizes="(min-width: 900px) 560px, 100vw"
                  className={styles.carousel}
                  fit="contain"
                  priority
                />
              </SensitiveMedia>
            </div>
          )}
        </div>
        <div className={styles.side}>
          <div className={styles.header}>
            <AuthorLine author={post.author} at={post.createdAt} />
            <PlaceLink place={post.place} />
            <PostEditControls post={post} />
          </div>
          {warning.expanded && (
            <p className={styles.caption} id={warning.captionId}>
              <LinkedText text={post.caption} />
            </p>
          )}
          {warning.expanded && <QuoteCard quote={post.quote} postId={post.id} />}
          <div className={styles.actions}>
            <LikeButton post={post} />
            <ShareButton post={post} />
            <QuoteButton post={post} />
            <SaveButton post={post} />
            {post.author.userId !== me.user.id && (
              <ReportButton
                label={t`Report post`}
                title={t`Report this post`}
                description={t`Tell our moderators what is wrong with this post. The author will not see who reported it.`}
                forwardTo={remoteHostOf(post.author.username)}
                send={(reason, forward, ruleIds) => reportContent('post', post.id, reason, forward, ruleIds)}
              />
            )}
          </div>
          <p className={styles.likes} aria-live="polite">
            {plural(post.likeCount, { one: '# like', other: '# likes' })}
            {post.shareCount > 0 && <> · {plural(post.shareCount, { one: '# share', other: '# shares' })}</>}
          </p>
          <CommentsSection
            postId={post.id}
            postAuthorId={post.author.userId}
            commentCount={post.commentCount}
          />
        </div>
      </article>
    </Page>
  );
}
