/**
 * Beside a post's author line: "Edited" (opening the history) once the post was edited, and Edit
 * and Pin / Unpin for its author. Edit and the history open their dialogs, mounted only when asked for.
 */

import type { PostDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { Trans } from '@lingui/react/macro';
import { Pencil } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/button.tsx';
import { useViewer } from '@/lib/session.ts';
import { EditPostDialog } from './edit-post-dialog.tsx';
import { PinButton } from './pin-button.tsx';
import { PinnedMark } from './pinned-mark.tsx';
import styles from './post-detail-screen.module.css';
import { PostHistoryDialog } from './post-history-dialog.tsx';

export function PostEditControls({ post }: { post: PostDto }) {
  const me = useViewer();
  const [open, setOpen] = useState<'edit' | 'history' | null>(null);
  const isAuthor = me.user.id === post.author.userId;
  if (!isAuthor && !post.editedAt && !post.pinned) return null;
  return (
    <div className={styles.editControls}>
      {!isAuthor && <PinnedMark pinned={post.pinned} />}
      {post.editedAt && (
        <button type="button" className={styles.edited} onClick={() => setOpen('history')}>
          {messages.postEdit.edited}
        </button>
      )}
      {isAuthor && <PinButton post={post} />}
      {isAuthor && (
        <Button
          size="sm"
          variant="ghost"
          icon={<Pencil aria-hidden="true" size={16} />}
          onClick={() => setOpen('edit')}
        >
          <Trans>Edit</Trans>
        </Button>
      )}
      {open === 'edit' && <EditPostDialog post={post} open onClose={() => setOpen(null)} />}
      {open === 'history' && <PostHistoryDialog postId={post.id} open onClose={() => setOpen(null)} />}
    </div>
  );
}
