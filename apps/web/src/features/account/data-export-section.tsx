/**
 * Download your data: ask for an archive, see it build (the page polls), then download it for
 * 7 days. One archive at a time: making a new one replaces it. A ready archive shows as a file
 * (when it was made, its size, until when) with the one Download link; asking again is then the
 * quieter "Make a new archive", so the screen never shows two Download buttons.
 */

import { messages } from '@glimpse/shared';
import { Trans } from '@lingui/react/macro';
import { Download, FileArchive } from 'lucide-react';
import { useId } from 'react';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button, ButtonAnchor } from '@/components/button.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { formatDateTime, formatFileSize } from '@/lib/format.ts';
import styles from './account-screen.module.css';
import { dataExportDownloadUrl, useDataExport, useRequestDataExport } from './api/data-export.ts';

export function DataExportSection() {
  const current = useDataExport();
  const start = useRequestDataExport();
  const aboutId = useId();
  const archive = current.data;
  const building = archive?.status === 'building';
  const ready = archive?.status === 'ready' ? archive : null;

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
      {ready && (
        <>
          <SuccessMessage>{messages.account.exportReady}</SuccessMessage>
          <div className={styles.archive}>
            <FileArchive aria-hidden="true" size={28} className={styles.archiveIcon} />
            <p id={aboutId} className={styles.archiveAbout}>
              <span className={styles.archiveName}>
                <Trans>Archive of {formatDateTime(ready.readyAt ?? ready.createdAt)}</Trans>
              </span>
              <span className={styles.muted}>
                {formatFileSize(ready.sizeBytes ?? 0)}
                {ready.expiresAt && (
                  <>
                    {' · '}
                    <Trans>until {formatDateTime(ready.expiresAt)}</Trans>
                  </>
                )}
              </span>
            </p>
            <ButtonAnchor
              href={dataExportDownloadUrl}
              download
              aria-describedby={aboutId}
              icon={<Download aria-hidden="true" size={18} />}
            >
              <Trans>Download</Trans>
            </ButtonAnchor>
          </div>
        </>
      )}
      {(current.isError || start.isError) && (
        <ErrorMessage>
          {actionableMessage(start.error ?? current.error, messages.account.exportStartFailed)}
        </ErrorMessage>
      )}
      <div>
        {ready ? (
          <Button variant="ghost" size="sm" onClick={() => start.mutate()} busy={start.isPending}>
            <Trans>Make a new archive</Trans>
          </Button>
        ) : (
          <Button onClick={() => start.mutate()} busy={start.isPending} disabled={building}>
            <Trans>Download your data</Trans>
          </Button>
        )}
      </div>
    </div>
  );
}
