/** Delete on a comment: shown to its author and to the post's author, confirmed in a Delete / Cancel dialog. */

import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/dialog.tsx';
import { useDeleteComment } from './api/comments.ts';

export function CommentDelete({ postId, commentId }: { postId: string; commentId: string }) {
  const [open, setOpen] = useState(false);
  const remove = useDeleteComment(postId);
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        icon={<Trash2 aria-hidden="true" size={16} />}
        aria-label={t`Delete comment`}
        onClick={() => setOpen(true)}
      />
      <ConfirmDialog
        open={open}
        title={t`Delete comment?`}
        message={messages.comments.confirmDelete}
        busy={remove.isPending}
        onCancel={() => setOpen(false)}
        onConfirm={() => remove.mutate(commentId, { onSettled: () => setOpen(false) })}
      />
    </>
  );
}
