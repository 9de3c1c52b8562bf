/** My own posts on /profile, each with Delete (then a dialog: Delete / Cancel). */

import type { PostDto } from '@glimpse/shared';
import { messages, paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ImagePlus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ButtonLink } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/dialog.tsx';
import { EmptyState } from '@/components/page.tsx';
import { useDeletePost } from './api/delete-post.ts';
import { usePosts } from './api/get-posts.ts';
import styles from './own-post-grid.module.css';
import { PostGrid } from './post-grid.tsx';

export function OwnPostGrid({ userId }: { userId: string }) {
  const posts = usePosts({ kind: 'author', userId });
  const deletePost = useDeletePost();
  const [pendingDelete, setPendingDelete] = useState<PostDto | null>(null);

  return (
    <>
      <PostGrid
        query={posts}
        showPinned
        label={t`Your posts`}
        empty={
          <EmptyState icon={<ImagePlus />} title={messages.post.emptyOwn}>
            <ButtonLink to={paths.addPost}>
              <Trans>Add a post</Trans>
            </ButtonLink>
          </EmptyState>
        }
        itemActions={(post) => (
          <button
            type="button"
            className={styles.delete}
            onClick={() => setPendingDelete(post)}
            aria-label={t`Delete`}
            title={t`Delete post`}
          >
            <Trash2 aria-hidden="true" size={18} />
          </button>
        )}
      />
      <ConfirmDialog
        open={pendingDelete !== null}
        title={t`Delete this post?`}
        message={messages.post.confirmDelete}
        busy={deletePost.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() =>
          pendingDelete && deletePost.mutate(pendingDelete.id, { onSettled: () => setPendingDelete(null) })
        }
      />
    </>
  );
}
