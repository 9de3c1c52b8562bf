/**
 * A responsive square grid of posts with keyset infinite scroll (plus a Load more button for
 * keyboards), loading skeletons, an error with retry, and an empty state.
 */

import type { Page, PostDto } from '@glimpse/shared';
import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { EyeOff, Heart, Layers, MessageCircle, Pin, Play, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/button.tsx';
import { blurredAsSensitive } from '@/components/content-warning.tsx';
import { LoadMore } from '@/components/load-more.tsx';
import { MutedFold } from '@/components/muted-fold.tsx';
import { EmptyState } from '@/components/page.tsx';
import { ResponsiveImage } from '@/components/responsive-image.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { formatCount } from '@/lib/format.ts';
import { useAuth } from '@/lib/session.ts';
import styles from './post-grid.module.css';

/** A tile whose cover is a video: a play mark and its length (`0:07`, `2:45`), said as "Video, 0:07". */
function VideoMark({ durationMs }: { durationMs: number }) {
  // A remote video too large to copy here: its length is not known.
  if (durationMs <= 0) {
    return (
      <span className={styles.video}>
        <Play aria-hidden="true" size={14} fill="currentColor" />
        <span className="visually-hidden">{t`Video`}</span>
      </span>
    );
  }
  const seconds = Math.round(durationMs / 1000);
  const length = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <span className={styles.video}>
      <Play aria-hidden="true" size={14} fill="currentColor" />
      <span aria-hidden="true">{length}</span>
      <span className="visually-hidden">{t`Video, ${length}`}</span>
    </span>
  );
}

interface PostGridProps {
  query: UseInfiniteQueryResult<InfiniteData<Page<PostDto>>>;
  empty: ReactNode;
  /** Controls drawn over each item, e.g. Delete on one's own profile. */
  itemActions?: (post: PostDto) => ReactNode;
  label: string;
  /** A profile's grid: its pinned posts come first and carry the "Pinned" mark. */
  showPinned?: boolean;
}

const gridSizes = '(min-width: 900px) 300px, 33vw';

export function PostGrid({ query, empty, itemActions, label, showPinned = false }: PostGridProps) {
  const { data, isPending, isError, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const auth = useAuth();
  // Sensitive posts show blurred in grids unless the viewer always shows such media; the post opens on Show.
  const showSensitive = auth.status === 'signedIn' && auth.me.preferences.showSensitiveMedia;
  const expandWarnings = auth.status === 'signedIn' && auth.me.preferences.expandContentWarnings;

  if (isPending) {
    return (
      <div className={styles.grid} role="status" aria-busy="true" aria-label={t`Loading ${label}`}>
        {Array.from({ length: 9 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} height="100%" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <EmptyState title={messages.post.loadFailed}>
        <Button variant="secondary" onClick={() => void refetch()}>
          {messages.common.tryAgain}
        </Button>
      </EmptyState>
    );
  }
  const posts = data.pages.flatMap((page) => page.items);
  if (posts.length === 0) return <>{empty}</>;

  return (
    <>
      <ul className={styles.grid} aria-label={label}>
        {posts.map((post, index) => (
          <li key={post.id} className={styles.item}>
            <MutedFold post={post} what="post" tile>
              <Link to={paths.postDetail(post.id)} className={styles.link}>
                {/* A warned post's tile is covered by its warning, not its photo: Show waits on the post. */}
                {post.contentWarning && !expandWarnings ? (
                  <span className={styles.warned}>
                    <TriangleAlert aria-hidden="true" size={22} />
                    <span className={styles.warning} dir="auto">
                      {post.contentWarning}
                    </span>
                  </span>
                ) : (
                  <ResponsiveImage
                    image={post.photos[0]!.image}
                    alt={post.photos[0]!.altText || post.caption}
                    sizes={gridSizes}
                    className={[styles.image, blurredAsSensitive(post) && !showSensitive && styles.blurred]
                      .filter(Boolean)
                      .join(' ')}
                    priority={index < 6}
                  />
                )}
                {showPinned && post.pinned && (
                  <span className={styles.pinned}>
                    <Pin aria-hidden="true" size={14} />
                    {messages.pins.pinned}
                  </span>
                )}
                {post.photos.length > 1 && (
                  <span className={styles.several} title={messages.photos.severalPhotos(post.photos.length)}>
                    <Layers aria-hidden="true" size={18} />
                    <span className="visually-hidden">
                      {messages.photos.severalPhotos(post.photos.length)}
                    </span>
                  </span>
                )}
                {post.photos[0]!.image.video && (
                  <VideoMark durationMs={post.photos[0]!.image.video.durationMs} />
                )}
                {blurredAsSensitive(post) && !showSensitive && (
                  <span className={styles.sensitive}>
                    <EyeOff aria-hidden="true" size={22} />
                    <span className="visually-hidden">{messages.photos.sensitive}</span>
                  </span>
                )}
                <span className={styles.overlay} aria-hidden="true">
                  <span>
                    <Heart size={18} fill="currentColor" /> {formatCount(post.likeCount)}
                  </span>
                  <span>
                    <MessageCircle size={18} fill="currentColor" /> {formatCount(post.commentCount)}
                  </span>
                </span>
              </Link>
            </MutedFold>
            {itemActions && <div className={styles.actions}>{itemActions(post)}</div>}
          </li>
        ))}
      </ul>
      <LoadMore
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        fetchNextPage={fetchNextPage}
      />
    </>
  );
}
