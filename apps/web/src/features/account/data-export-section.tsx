/**
 * Download your data: ask for an archive, see it build (the page polls), then download it for
 * 7 days. One archive at a time: asking again replaces the previous one.
 */

import { messages } from '@glimpse/shared';
import { Trans } from '@lingui/react/macro';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button, ButtonAnchor } from '@/components/button.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { formatDateTime } from '@/lib/format.ts';
import styles from './account-screen.module.css';
import { dataExportDownloadUrl, useDataExport, useRequestDataExport } from './api/data-export.ts';

const megabytes = (bytes: number) =>
  `${(bytes / 1_000_000).toLocaleString('en-US', { maximumFractionDigits: 1 })} MB`;

export function DataExportSection() {
  const current = useDataExport();
  const start = useRequestDataExport();
  const archive = current.data;
  const building = archive?.status === 'building';

  return (
    <div className={styles.form}>
      <p className={styles.muted}>
        <Trans>
          A zip with your profile, posts and their pictures, comments, likes, saves, follows, events,
          notifications and reports, with a README that explains each file.
        </Trans>
      </p>
      {current.isPending && <Skeleton height={40} />}
      {building && (
        <p role="status" className={styles.muted}>
          {messages.account.exportBuilding}
        </p>
      )}
      {archive?.status === 'failed' && <ErrorMessage>{messages.account.exportFailed}</ErrorMessage>}
      {archive?.status === 'ready' && (
        <>
          <SuccessMessage>{messages.account.exportReady}</SuccessMessage>
          <div className={styles.actions}>
            <ButtonAnchor href={dataExportDownloadUrl} download>
              <Trans>Download ({megabytes(archive.sizeBytes ?? 0)})</Trans>
            </ButtonAnchor>
            {archive.expiresAt && (
              <span className={styles.muted}>
                <Trans>Until {formatDateTime(archive.expiresAt)}</Trans>
              </span>
            )}
          </div>
        </>
      )}
      {(current.isError || start.isError) && (
        <ErrorMessage>
          {actionableMessage(start.error ?? current.error, messages.account.exportStartFailed)}
        </ErrorMessage>
      )}
      <div>
        <Button
          variant={archive?.status === 'ready' ? 'secondary' : 'primary'}
          onClick={() => start.mutate()}
          busy={start.isPending}
          disabled={building}
        >
          <Trans>Download your data</Trans>
        </Button>
      </div>
    </div>
  );
}
