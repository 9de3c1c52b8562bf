import type { PostDto } from '@glimpse/shared';
import { paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Repeat2 } from 'lucide-react';
import { useNavigate } from 'react-router';
import { useAuth } from '@/lib/session.ts';
import { useToggleShare } from './api/toggle-share.ts';
import styles from './post-actions.module.css';

/**
 * Share / Unshare with aria-pressed, only on a post anyone may see (never a followers-only post or
 * a private account's); signed out, it leads to sign-in, as Like does.
 */
export function ShareButton({ post }: { post: PostDto }) {
  const auth = useAuth();
  const navigate = useNavigate();
  const share = useToggleShare(post.id);
  if (!post.shareable) return null;
  return (
    <button
      type="button"
      className={`${styles.action} ${post.sharedByMe ? styles.shared : ''}`}
      aria-pressed={post.sharedByMe}
      onClick={() => (auth.status === 'signedIn' ? share.toggle(post) : navigate(paths.login))}
    >
      <Repeat2 aria-hidden="true" size={22} />
      <span>{post.sharedByMe ? t`Unshare` : t`Share`}</span>
    </button>
  );
}

/**
 * "Shared by <name>" above a post a followed account's share brought into the home feed, and
 * "Shared by you" above the reader's own share.
 */
export function SharedByLine({ post }: { post: PostDto }) {
  const auth = useAuth();
  if (!post.sharedBy) return null;
  const name = `${post.sharedBy.firstName} ${post.sharedBy.lastName}`.trim() || post.sharedBy.username;
  const byMe = auth.me?.user.id === post.sharedBy.userId;
  return (
    <p className={styles.sharedBy}>
      <Repeat2 aria-hidden="true" size={14} />
      <span>
        {byMe ? (
          <Trans>Shared by you</Trans>
        ) : (
          <Trans>
            Shared by <bdi>{name}</bdi>
          </Trans>
        )}
      </span>
    </p>
  );
}
