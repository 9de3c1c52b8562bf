/** "Always expand content warnings": saves when changed; posts with a warning then open without Show. */
import { messages } from '@glimpse/shared';
import { useState } from 'react';
import { useViewer } from '@/lib/session.ts';
import styles from './account-screen.module.css';
import { useSetExpandContentWarnings } from './api/content-warnings.ts';

export function ContentWarningsSection() {
  const me = useViewer();
  const save = useSetExpandContentWarnings();
  const saved = me.preferences.expandContentWarnings;
  // The box follows the click at once; the saved value wins once it is known (as Private account).
  const [click, setClick] = useState({ basis: saved, on: saved });
  const checked = click.basis === saved && !save.isError && !save.isSuccess ? click.on : saved;
  return (
    <div className={styles.form}>
      <label className={styles.checkRow}>
        <input
          type="checkbox"
          checked={checked}
          disabled={save.isPending || !me.profile}
          onChange={(e) => {
            setClick({ basis: saved, on: e.target.checked });
            save.mutate(e.target.checked);
          }}
        />
        <span>{messages.contentWarnings.alwaysExpand}</span>
      </label>
    </div>
  );
}
