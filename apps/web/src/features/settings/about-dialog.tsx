/** Settings → About: the app's name and version (SPEC.md §9, read from the root package.json). */

import { appName, appVersion } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Button } from '@/components/button.tsx';
import { Dialog } from '@/components/dialog.tsx';
import { Logo } from '@/components/logo.tsx';
import styles from './settings-screen.module.css';

export function AboutDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={t`About ${appName}`}
      actions={
        <Button onClick={onClose} autoFocus>
          <Trans>Close</Trans>
        </Button>
      }
    >
      <div className={styles.about}>
        <Logo size="lg" />
        <p className={styles.version}>
          <Trans>Version {appVersion}</Trans>
        </p>
        <p>
          <Trans>
            An open-source social app for sharing photo posts and events with the people you follow.
          </Trans>
        </p>
      </div>
    </Dialog>
  );
}
