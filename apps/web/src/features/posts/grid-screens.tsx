/** The grid screens of SPEC.md §2: Explore stories, your photos, saved and liked posts. */

import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Bookmark, Compass, Heart, ImagePlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { ButtonLink } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import type { PostList } from '@/lib/query-keys.ts';
import { useViewer } from '@/lib/session.ts';
import { usePosts } from './api/get-posts.ts';
import { PostGrid } from './post-grid.tsx';

function GridScreen({
  title,
  list,
  empty,
  before,
}: {
  title: string;
  list: PostList;
  empty: ReactNode;
  before?: ReactNode;
}) {
  const query = usePosts(list);
  return (
    <Page title={title}>
      {before}
      <PostGrid query={query} empty={empty} label={title} />
    </Page>
  );
}

const addPostLink = (
  <ButtonLink to={paths.addPost}>
    <Trans>Add a post</Trans>
  </ButtonLink>
);

/** `before`: what the app puts above the grid (Trending tags, from the search feature). */
export function ExploreScreen({ before }: { before?: ReactNode }) {
  return (
    <GridScreen
      title={t`Explore stories`}
      before={before}
      list={{ kind: 'explore' }}
      empty={
        <EmptyState icon={<Compass />} title={messages.post.emptyExplore}>
          {addPostLink}
        </EmptyState>
      }
    />
  );
}

export function YourPhotosScreen() {
  const me = useViewer();
  return (
    <GridScreen
      title={t`Your photos`}
      list={{ kind: 'author', userId: me.user.id }}
      empty={
        <EmptyState icon={<ImagePlus />} title={messages.post.emptyOwn}>
          {addPostLink}
        </EmptyState>
      }
    />
  );
}

export function SavedPostsScreen() {
  return (
    <GridScreen
      title={t`Saved posts`}
      list={{ kind: 'saved' }}
      empty={
        <EmptyState icon={<Bookmark />} title={messages.post.emptySaved}>
          <ButtonLink to={paths.explore} variant="secondary">
            <Trans>Explore stories</Trans>
          </ButtonLink>
        </EmptyState>
      }
    />
  );
}

export function LikedPostsScreen() {
  return (
    <GridScreen
      title={t`Liked posts`}
      list={{ kind: 'liked' }}
      empty={
        <EmptyState icon={<Heart />} title={messages.post.emptyLiked}>
          <ButtonLink to={paths.explore} variant="secondary">
            <Trans>Explore stories</Trans>
          </ButtonLink>
        </EmptyState>
      }
    />
  );
}
