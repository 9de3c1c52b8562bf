/** /postdetail/{id}: the picture, caption, author, time, like, save and comments. */
import { messages, paths } from '@glimpse/shared';
import { ImageOff } from 'lucide-react';
import { useParams } from 'react-router';
import { AuthorLine } from '@/components/author-line.tsx';
import { Button, ButtonLink } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { ReportButton } from '@/components/report-button.tsx';
import { ResponsiveImage } from '@/components/responsive-image.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { pluralize } from '@/lib/format.ts';
import { reportContent } from '@/lib/report.ts';
import { useViewer } from '@/lib/session.ts';
import { usePost } from './api/get-post.ts';
import { CommentsSection } from './comments-section.tsx';
import { LikeButton } from './like-button.tsx';
import styles from './post-detail-screen.module.css';
import { SaveButton } from './save-button.tsx';

export function PostDetailScreen() {
  const { id = '' } = useParams();
  const { data: post, isPending, isError, error, refetch } = usePost(id);
  const me = useViewer();

  if (isPending) {
    return (
      <Page title="Post" hideHeading>
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
      <Page title="Post" width="narrow">
        <EmptyState icon={<ImageOff />} title={missing ? messages.post.notFound : messages.post.loadFailed}>
          {missing ? (
            <ButtonLink to={paths.explore}>Explore stories</ButtonLink>
          ) : (
            <Button onClick={() => void refetch()}>{messages.common.tryAgain}</Button>
          )}
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page title={`Post by ${post.author.firstName} ${post.author.lastName}`} hideHeading>
      <article className={styles.card}>
        <div className={styles.media}>
          <ResponsiveImage
            image={post.image}
            alt={post.altText || post.caption}
            sizes="(min-width: 900px) 560px, 100vw"
            className={styles.image}
            fit="contain"
            priority
          />
        </div>
        <div className={styles.side}>
          <AuthorLine author={post.author} at={post.createdAt} />
          <p className={styles.caption}>{post.caption}</p>
          <div className={styles.actions}>
            <LikeButton post={post} />
            <SaveButton post={post} />
            {post.author.userId !== me.user.id && (
              <ReportButton
                label="Report post"
                title="Report this post"
                description="Tell our moderators what is wrong with this post. The author will not see who reported it."
                send={(reason) => reportContent('post', post.id, reason)}
              />
            )}
          </div>
          <p className={styles.likes} aria-live="polite">
            {pluralize(post.likeCount, 'like')}
          </p>
          <CommentsSection postId={post.id} commentCount={post.commentCount} />
        </div>
      </article>
    </Page>
  );
}
