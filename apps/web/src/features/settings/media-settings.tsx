/** Settings → Media: whether sensitive posts show at once, without the blur and its Show button. */
import { messages } from '@glimpse/shared';
import { useState } from 'react';
import { useViewer } from '@/lib/session.ts';
import { useSetShowSensitiveMedia } from './api/media-preferences.ts';
import styles from './settings-screen.module.css';

export function MediaSettings() {
  const me = useViewer();
  const save = useSetShowSensitiveMedia();
  const saved = me.preferences.showSensitiveMedia;
  // The box follows the click in the same render (the mutation's pending state lands a tick later,
  // and React would put the controlled box back meanwhile); a new saved value wins.
  const [click, setClick] = useState({ basis: saved, on: saved });
  const checked = click.basis === saved && !save.isError && !save.isSuccess ? click.on : saved;
  return (
    <div className={styles.card}>
      <label className={styles.checkRow}>
        <input
          type="checkbox"
          checked={checked}
          disabled={save.isPending}
          onChange={(e) => {
            setClick({ basis: saved, on: e.target.checked });
            save.mutate(e.target.checked);
          }}
        />
        <span>{messages.photos.alwaysShowSensitive}</span>
      </label>
    </div>
  );
}
