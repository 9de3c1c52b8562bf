/**
 * /settings/import (DESIGN.md §4): the file input "Archive" (the app's own
 * file picker, showing the file chosen) and the button Import. The archive uploads (a progressbar of the bytes sent), then the server's job imports it
 * (a progressbar of the posts, polled, so it survives a reload); at the end role=status says
 * "Imported N posts" and what was left out and why. Refusals come back as role=alert.
 */
import type { ImportDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { type FormEvent, useId, useState } from 'react';
import { ErrorMessage, SuccessMessage } from '@/components/alert.tsx';
import { Button } from '@/components/button.tsx';
import { FilePicker } from '@/components/file-picker.tsx';
import { Page } from '@/components/page.tsx';
import { Skeleton } from '@/components/skeleton.tsx';
import { actionableMessage } from '@/lib/api-client.ts';
import { useArchiveImport, useStartImport } from './api/import.ts';
import styles from './import-screen.module.css';

const maxMb = Math.round(limits.importMaxBytes / 1024 / 1024);

/** What was left out of a finished import, one sentence each. */
function notesOf(result: ImportDto): string[] {
  const { skipped } = result;
  return [
    result.imported > 0 && result.alreadyImported > 0
      ? messages.import.alreadyImported(result.alreadyImported)
      : '',
    skipped.splitPosts > 0 ? messages.import.split(skipped.splitPosts, limits.postPhotosMax) : '',
    skipped.videos > 0 ? messages.import.skippedVideos(skipped.videos) : '',
    skipped.files > 0 ? messages.import.skippedFiles(skipped.files) : '',
    skipped.emptyPosts > 0 ? messages.import.skippedEmpty(skipped.emptyPosts) : '',
    skipped.overLimit > 0 ? messages.import.overLimit(skipped.overLimit, result.maxPosts) : '',
  ].filter(Boolean);
}

function Result({ result }: { result: ImportDto }) {
  if (result.status === 'running') {
    return (
      <div className={styles.progress}>
        <progress
          value={result.processed}
          max={Math.max(result.total, 1)}
          aria-label={t`Importing posts`}
          aria-valuetext={messages.import.progress(result.processed, result.total)}
        />
        <p className={styles.muted}>{messages.import.progress(result.processed, result.total)}</p>
      </div>
    );
  }
  if (result.status === 'failed') {
    return <ErrorMessage>{messages.import[result.error ?? 'failed']}</ErrorMessage>;
  }
  const nothingNew = result.imported === 0 && result.alreadyImported > 0;
  const notes = notesOf(result);
  return (
    <>
      <SuccessMessage>
        {nothingNew ? messages.import.nothingNew : messages.import.done(result.imported)}
      </SuccessMessage>
      {notes.length > 0 && (
        <ul className={styles.notes}>
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      )}
    </>
  );
}

export function ImportScreen() {
  const current = useArchiveImport();
  const upload = useStartImport();
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const hintId = useId();
  const running = current.data?.status === 'running';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!file) return setProblem(messages.import.missing);
    if (file.size > limits.importMaxBytes) return setProblem(messages.import.tooLarge(maxMb));
    setProblem(null);
    void upload.start(file);
  };

  return (
    <Page title={t`Import`} width="narrow">
      <div className={styles.card}>
        <p id={hintId} className={styles.muted}>
          <Trans>
            Bring your photos and videos from Instagram (the JSON download of your information), Pixelfed or
            Mastodon (their archive), or another Glimpse server (Download your data). Posts keep their
            captions, dates and order; nobody is notified of them as new. Importing the same archive again
            adds nothing.
          </Trans>
        </p>
        <form className={styles.form} onSubmit={submit} noValidate>
          <FilePicker
            label={t`Archive`}
            accept=".zip,application/zip"
            file={file}
            prompt={t`Choose a .zip file, up to ${maxMb} MB`}
            describedBy={hintId}
            disabled={running || upload.sending}
            onChange={(chosen) => {
              setFile(chosen);
              setProblem(null);
            }}
          />
          <div>
            <Button type="submit" busy={upload.sending} disabled={running}>
              <Trans>Import</Trans>
            </Button>
          </div>
        </form>
        {upload.sending && (
          <div className={styles.progress}>
            <progress value={upload.sent} max={1} aria-label={t`Uploading the archive`} />
          </div>
        )}
        {problem && <ErrorMessage>{problem}</ErrorMessage>}
        {upload.error != null && (
          <ErrorMessage>{actionableMessage(upload.error, messages.common.somethingWentWrong)}</ErrorMessage>
        )}
        {current.isPending && <Skeleton height={40} />}
        {current.isError && <ErrorMessage>{messages.common.somethingWentWrong}</ErrorMessage>}
        {current.data && !upload.sending && <Result result={current.data} />}
      </div>
    </Page>
  );
}
