/** Someone else's photos on their public profile. */

import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { ImagePlus } from 'lucide-react';
import { EmptyState } from '@/components/page.tsx';
import { usePosts } from './api/get-posts.ts';
import { PostGrid } from './post-grid.tsx';

export function AuthorPostGrid({
  userId,
  name,
  firstName,
}: {
  userId: string;
  name: string;
  firstName: string;
}) {
  const posts = usePosts({ kind: 'author', userId });
  return (
    <PostGrid
      query={posts}
      showPinned
      label={t`Photos by ${name}`}
      empty={<EmptyState icon={<ImagePlus />} title={messages.post.emptyAuthor(firstName)} />}
    />
  );
}
