/** /profile: my header, links to add a post and edit the profile, my posts and events with Delete. */
import type { PostDto } from '@glimpse/shared';
import { messages, paths } from '@glimpse/shared';
import { ImagePlus, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { ButtonLink } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/dialog.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { useViewer } from '@/features/auth/api/get-me.ts';
import { UserEventList } from '@/features/events/user-events.tsx';
import { useDeletePost } from '@/features/posts/api/delete-post.ts';
import { usePosts } from '@/features/posts/api/get-posts.ts';
import { PostGrid } from '@/features/posts/post-grid.tsx';
import { fullName } from '@/lib/format.ts';
import { ProfileHeader } from './profile-header.tsx';
import styles from './profile-screen.module.css';

export function ProfileScreen() {
  const me = useViewer();
  const profile = me.profile!;
  const posts = usePosts({ kind: 'author', userId: me.user.id });
  const deletePost = useDeletePost();
  const [pendingDelete, setPendingDelete] = useState<PostDto | null>(null);

  return (
    <Page title={fullName(profile)} hideHeading>
      <ProfileHeader
        profile={profile}
        actions={
          <>
            <ButtonLink to={paths.addPost} icon={<Plus aria-hidden="true" size={18} />}>
              Add post
            </ButtonLink>
            <ButtonLink
              to={paths.setupProfile}
              variant="secondary"
              icon={<Pencil aria-hidden="true" size={16} />}
            >
              Edit profile
            </ButtonLink>
          </>
        }
      />
      <section className={styles.section} aria-labelledby="my-posts">
        <h2 id="my-posts" className={styles.heading}>
          Posts
        </h2>
        <PostGrid
          query={posts}
          label="Your posts"
          empty={
            <EmptyState icon={<ImagePlus />} title={messages.post.emptyOwn}>
              <ButtonLink to={paths.addPost}>Add a post</ButtonLink>
            </EmptyState>
          }
          itemActions={(post) => (
            <button
              type="button"
              className={styles.delete}
              onClick={() => setPendingDelete(post)}
              aria-label="Delete"
              title="Delete post"
            >
              <Trash2 aria-hidden="true" size={18} />
            </button>
          )}
        />
      </section>
      <section className={styles.section} aria-labelledby="my-events">
        <h2 id="my-events" className={styles.heading}>
          Events
        </h2>
        <UserEventList userId={me.user.id} canDelete />
      </section>
      <ConfirmDialog
        open={pendingDelete !== null}
        title="Delete this post?"
        message="The photo, its likes and its comments will be removed for everyone. This cannot be undone."
        busy={deletePost.isPending}
        onCancel={() => setPendingDelete(null)}
        onConfirm={() =>
          pendingDelete && deletePost.mutate(pendingDelete.id, { onSettled: () => setPendingDelete(null) })
        }
      />
    </Page>
  );
}
