/**
 * /settings/apps: the apps the member authorized (Ivory, Tusky, Elk…), each with its name, what it
 * may do, when it was authorized and last used, and Revoke (after a confirmation), which signs the
 * app out at once.
 */
import type { AuthorizedAppDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { AppWindow } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/button.tsx';
import { ConfirmDialog } from '@/components/dialog.tsx';
import { EmptyState, Page } from '@/components/page.tsx';
import { Row, RowActions, RowList } from '@/components/row-list.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { TimeAgo } from '@/components/time-ago.tsx';
import { useAuthorizedApps, useRevokeApp } from './api/authorized-apps.ts';
import styles from './apps.module.css';
import { ScopeList } from './scope-list.tsx';

function AuthorizedApp({ app, onRevoke }: { app: AuthorizedAppDto; onRevoke: () => void }) {
  const name = app.name;
  return (
    <Row>
      <div className={styles.appInfo}>
        <h2 className={styles.appName}>{app.name}</h2>
        {app.website && (
          <a className={styles.muted} href={app.website} rel="noopener noreferrer nofollow" target="_blank">
            {app.website}
          </a>
        )}
        <ScopeList scopes={app.scopes} label={t`What ${name} may do`} />
        <p className={styles.muted}>
          <Trans>
            Authorized <TimeAgo iso={app.authorizedAt} />
          </Trans>
          {' · '}
          {app.lastUsedAt ? (
            <Trans>
              Last used <TimeAgo iso={app.lastUsedAt} />
            </Trans>
          ) : (
            <Trans>Not used yet</Trans>
          )}
        </p>
      </div>
      <RowActions>
        <Button variant="danger" size="sm" onClick={onRevoke} aria-label={t`Revoke ${name}`}>
          <Trans>Revoke</Trans>
        </Button>
      </RowActions>
    </Row>
  );
}

export function AppsScreen() {
  const apps = useAuthorizedApps();
  const revoke = useRevokeApp();
  const [confirming, setConfirming] = useState<AuthorizedAppDto | null>(null);
  const confirmingName = confirming?.name ?? '';

  return (
    <Page title={t`Apps`} width="narrow">
      <p className={styles.intro}>
        <Trans>Apps you signed in to with your Glimpse account. Revoke one to sign it out at once.</Trans>
      </p>
      {apps.isPending ? (
        <Skeleton height={120} />
      ) : apps.isError ? (
        <EmptyState title={t`Your apps could not be loaded.`}>
          <Button variant="secondary" onClick={() => void apps.refetch()}>
            {messages.common.tryAgain}
          </Button>
        </EmptyState>
      ) : apps.data.length === 0 ? (
        <EmptyState icon={<AppWindow />} title={t`No apps yet`}>
          <p className={styles.muted}>
            <Trans>When you sign in to an app such as Ivory, Tusky or Elk with Glimpse, it shows here.</Trans>
          </p>
        </EmptyState>
      ) : (
        <RowList label={t`Authorized apps`}>
          {apps.data.map((app) => (
            <AuthorizedApp key={app.appId} app={app} onRevoke={() => setConfirming(app)} />
          ))}
        </RowList>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={t`Revoke ${confirmingName}?`}
        message={<Trans>The app is signed out at once and can no longer use your account.</Trans>}
        confirmLabel={t`Revoke`}
        busy={revoke.isPending}
        onCancel={() => setConfirming(null)}
        onConfirm={() => {
          if (!confirming) return;
          revoke.mutate(confirming.appId, { onSettled: () => setConfirming(null) });
        }}
      />
    </Page>
  );
}
