/**
 * "Verifying you are a person…" while the proof-of-work step runs (api/proof-of-work.ts). The
 * status region is always in the page, so screen readers announce the words when they appear.
 */
import { Trans } from '@lingui/react/macro';
import styles from './form.module.css';

export function VerifyingStatus({ verifying }: { verifying: boolean }) {
  return (
    <p role="status" className={styles.verifying}>
      {verifying && <Trans>Verifying you are a person…</Trans>}
    </p>
  );
}
