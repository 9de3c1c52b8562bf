/**
 * The home feed: posts from the accounts I follow and my own, newest first, with infinite scroll.
 * New posts by followed accounts (and mine, from another tab) arrive live: at once when the reader
 * is at the top, otherwise behind a "New posts" pill so nothing moves under their eyes.
 */

import type { PostDto } from '@glimpse/shared';
import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ArrowUp, Users } from 'lucide-react';
import { type ReactNode, useEffect, useState } from 'react';
import { Button, ButtonLink } from '@/components/button.tsx';
import { LoadMore } from '@/components/load-more.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { useFeed } from './api/get-feed.ts';
import { feedSignal } from './feed-signal.ts';
import styles from './home-screen.module.css';

const nearTop = () => window.scrollY < 200;

interface HomeScreenProps {
  /** One post of the feed; the posts feature draws it (app/home-route.tsx composes the two). */
  renderPost: (post: PostDto, index: number) => ReactNode;
  sidePanel?: ReactNode;
  /** Above the posts: the server's announcements (the community feature draws them). */
  banner?: ReactNode;
}

export function HomeScreen({ renderPost, sidePanel, banner }: HomeScreenProps) {
  const feed = useFeed();
  const [newPosts, setNewPosts] = useState(false);
  const { refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = feed;

  useEffect(
    () =>
      feedSignal.subscribe(() => {
        if (nearTop()) void refetch();
        else setNewPosts(true);
      }),
    [refetch],
  );

  const showNewPosts = () => {
    setNewPosts(false);
    window.scrollTo({ top: 0, behavior: 'smooth' });
    void refetch();
  };

  const posts = feed.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <Page title={t`Feed`} hideHeading>
      {/* Above the panel and the posts alike, so that a phone shows it first too. */}
      {banner}
      <div className={styles.layout}>
        {/* Not an <aside>: the shell's sidebar is the page's complementary landmark; the panel is a region. */}
        {sidePanel && <div className={styles.side}>{sidePanel}</div>}
        <section className={styles.feed} aria-label={t`Posts from people you follow`}>
          {newPosts && (
            <button type="button" className={styles.pill} onClick={showNewPosts}>
              <ArrowUp aria-hidden="true" size={16} />
              {messages.social.newPosts}
            </button>
          )}
          {feed.isPending ? (
            [0, 1].map((i) => (
              <div key={i} className={styles.skeleton}>
                <Skeleton height={40} />
                <Skeleton height={360} />
                <Skeleton height={20} width="60%" />
              </div>
            ))
          ) : feed.isError ? (
            <EmptyState title={messages.social.feedFailed}>
              <Button variant="secondary" onClick={() => void refetch()}>
                {messages.common.tryAgain}
              </Button>
            </EmptyState>
          ) : posts.length === 0 ? (
            <EmptyState icon={<Users aria-hidden="true" />} title={messages.post.noPosts}>
              <ButtonLink to={paths.explore}>
                <Trans>Explore stories</Trans>
              </ButtonLink>
            </EmptyState>
          ) : (
            <>
              {posts.map(renderPost)}
              <LoadMore
                hasNextPage={hasNextPage}
                isFetchingNextPage={isFetchingNextPage}
                fetchNextPage={fetchNextPage}
              />
            </>
          )}
        </section>
      </div>
    </Page>
  );
}
