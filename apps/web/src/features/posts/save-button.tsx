import type { PostDto } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Bookmark } from 'lucide-react';
import { useToggleSave } from './api/toggle-save.ts';
import styles from './post-actions.module.css';

export function SaveButton({ post }: { post: PostDto }) {
  const save = useToggleSave(post.id);
  return (
    <button
      type="button"
      className={`${styles.action} ${post.savedByMe ? styles.saved : ''}`}
      aria-pressed={post.savedByMe}
      disabled={save.isPending}
      onClick={() => save.mutate(!post.savedByMe)}
    >
      <Bookmark aria-hidden="true" size={22} fill={post.savedByMe ? 'currentColor' : 'none'} />
      <span>{post.savedByMe ? t`Unsave` : t`Save`}</span>
    </button>
  );
}
