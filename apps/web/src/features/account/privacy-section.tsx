/**
 * "Private account": saves when changed. On, only approved followers see my posts,
 * events and follow lists, and a follow waits for my approval; off again approves every request.
 */
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { useViewer } from '@/lib/session.ts';
import styles from './account-screen.module.css';
import { useSetPrivateAccount } from './api/privacy.ts';

export function PrivacySection() {
  const me = useViewer();
  const save = useSetPrivateAccount();
  const saved = me.profile?.isPrivate ?? false;
  // The box follows the click at once; the saved value wins once it is known (as Media settings).
  const [click, setClick] = useState({ basis: saved, on: saved });
  const checked = click.basis === saved && !save.isError && !save.isSuccess ? click.on : saved;
  return (
    <div className={styles.form}>
      <label className={styles.checkRow}>
        <input
          type="checkbox"
          checked={checked}
          disabled={save.isPending || !me.profile}
          aria-describedby="private-account-hint"
          onChange={(e) => {
            setClick({ basis: saved, on: e.target.checked });
            save.mutate(e.target.checked);
          }}
        />
        <span>{t`Private account`}</span>
      </label>
      <p id="private-account-hint" className={styles.muted}>
        <Trans>
          Only followers you approve see your posts and events. Turning it off approves every waiting request.
        </Trans>
      </p>
    </div>
  );
}
