import { messages } from '@glimpse/shared';
import { Pin } from 'lucide-react';
import styles from './post-actions.module.css';

/** "Pinned", beside the author of a post they pinned to their profile. */
export function PinnedMark({ pinned }: { pinned: boolean }) {
  if (!pinned) return null;
  return (
    <span className={styles.pinnedMark}>
      <Pin aria-hidden="true" size={14} />
      {messages.pins.pinned}
    </span>
  );
}
