/**
 * /tags/{tag}: the posts whose caption carries the hashtag, newest first, with how many there are,
 * and Follow hashtag / Unfollow hashtag (aria-pressed): a followed tag's posts join the home feed.
 */

import { isolated, messages, normalizeTag } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Hash } from 'lucide-react';
import { useParams } from 'react-router';
import { Button } from '@/components/button.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { useToggleTagFollow } from './api/follow-tag.ts';
import { useTagPosts } from './api/tag-posts.ts';
import { PostGrid } from './post-grid.tsx';
import styles from './tag-screen.module.css';

export function TagScreen() {
  const { tag: raw = '' } = useParams();
  const tag = normalizeTag(raw);
  const query = useTagPosts(tag);
  const count = query.data?.pages[0]?.postCount;
  const following = query.data?.pages[0]?.following;
  const follow = useToggleTagFollow(tag);
  return (
    <Page
      title={isolated(`#${tag}`)}
      actions={
        following === undefined ? null : (
          <Button
            variant={following ? 'secondary' : 'primary'}
            size="sm"
            aria-pressed={following}
            onClick={() => follow.toggle(!following)}
          >
            {following ? t`Unfollow hashtag` : t`Follow hashtag`}
          </Button>
        )
      }
    >
      {count != null && (
        <p className={styles.count} aria-live="polite">
          {messages.tags.count(count)}
        </p>
      )}
      <PostGrid
        query={query}
        label={t`Posts tagged #${tag}`}
        empty={<EmptyState icon={<Hash />} title={messages.tags.empty(isolated(`#${tag}`))} />}
      />
    </Page>
  );
}
