/** The "Edited" label's history: every version of the post, the current one first (as Mastodon shows). */

import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ErrorMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { TimeAgo } from '@/components/time-ago.tsx';
import { usePostVersions } from './api/post-versions.ts';
import styles from './edit-post-dialog.module.css';

export function PostHistoryDialog({
  postId,
  open,
  onClose,
}: {
  postId: string;
  open: boolean;
  onClose: () => void;
}) {
  const versions = usePostVersions(postId, open);
  const list = versions.data ?? [];
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={messages.postEdit.historyTitle}
      actions={
        <Button variant="secondary" onClick={onClose}>
          <Trans>Close</Trans>
        </Button>
      }
    >
      {versions.isPending ? (
        <Skeleton height={80} />
      ) : versions.isError ? (
        <ErrorMessage>{messages.postEdit.historyFailed}</ErrorMessage>
      ) : (
        <ol className={styles.versions}>
          {list.map((version, i) => (
            <li key={version.at} className={styles.version}>
              <p className={styles.versionLabel}>
                {i === 0
                  ? messages.postEdit.current
                  : i === list.length - 1
                    ? messages.postEdit.original
                    : t`Earlier`}
                {' · '}
                <TimeAgo iso={version.at} />
                {version.sensitive && ` · ${messages.photos.sensitive}`}
              </p>
              {version.contentWarning && (
                <p className={styles.versionAlt} dir="auto">
                  <Trans>Content warning: {version.contentWarning}</Trans>
                </p>
              )}
              <p className={styles.versionCaption} dir="auto">
                {version.caption}
              </p>
              {version.altTexts.some(Boolean) && (
                <p className={styles.versionAlt}>
                  <Trans>Alt text: {version.altTexts.map((alt) => alt || '—').join(' · ')}</Trans>
                </p>
              )}
            </li>
          ))}
        </ol>
      )}
    </Dialog>
  );
}
