import type { PostDto } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Heart } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/session.ts';
import { useToggleLike } from './api/toggle-like.ts';
import styles from './post-actions.module.css';

/** Like / Unlike with aria-pressed. Signed out, it leads to sign-in instead (SPEC.md §6). */
export function LikeButton({ post }: { post: PostDto }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const like = useToggleLike(post.id);
  const label = post.likedByMe ? t`Unlike` : t`Like`;
  return (
    <button
      type="button"
      className={`${styles.action} ${post.likedByMe ? styles.liked : ''}`}
      aria-pressed={post.likedByMe}
      onClick={() => (auth.status === 'signedIn' ? like.toggle(post) : navigate(paths.login))}
    >
      <Heart aria-hidden="true" size={22} fill={post.likedByMe ? 'currentColor' : 'none'} />
      <span>{label}</span>
    </button>
  );
}
