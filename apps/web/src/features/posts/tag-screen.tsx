/** /tags/{tag}: the posts whose caption carries the hashtag, newest first, with how many there are. */

import { messages, normalizeTag } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Hash } from 'lucide-react';
import { useParams } from 'react-router';
import { EmptyState, Page } from '@/components/page.tsx';
import { useTagPosts } from './api/tag-posts.ts';
import { PostGrid } from './post-grid.tsx';
import styles from './tag-screen.module.css';

export function TagScreen() {
  const { tag: raw = '' } = useParams();
  const tag = normalizeTag(raw);
  const query = useTagPosts(tag);
  const count = query.data?.pages[0]?.postCount;
  return (
    <Page title={`#${tag}`}>
      {count != null && (
        <p className={styles.count} aria-live="polite">
          {messages.tags.count(count)}
        </p>
      )}
      <PostGrid
        query={query}
        label={t`Posts tagged #${tag}`}
        empty={<EmptyState icon={<Hash />} title={messages.tags.empty(tag)} />}
      />
    </Page>
  );
}
