import type { PostDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { Pin, PinOff } from 'lucide-react';
import { useTogglePin } from './api/toggle-pin.ts';
import styles from './post-actions.module.css';

/** Pin / Unpin on one's own post: pinned posts open one's profile, up to five. */
export function PinButton({ post }: { post: PostDto }) {
  const pin = useTogglePin(post.id, post.author.userId);
  const Icon = post.pinned ? PinOff : Pin;
  return (
    <button
      type="button"
      className={styles.action}
      disabled={pin.isPending}
      onClick={() => pin.mutate(!post.pinned)}
    >
      <Icon aria-hidden="true" size={22} />
      <span>{post.pinned ? messages.pins.unpin : messages.pins.pin}</span>
    </button>
  );
}
