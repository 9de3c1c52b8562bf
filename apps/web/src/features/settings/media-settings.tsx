/** Settings → Media: whether sensitive posts show at once, without the blur and its Show button. */
import { messages } from '@glimpse/shared';
import { useViewer } from '@/lib/session.ts';
import { useSetShowSensitiveMedia } from './api/media-preferences.ts';
import styles from './settings-screen.module.css';

export function MediaSettings() {
  const me = useViewer();
  const save = useSetShowSensitiveMedia();
  const checked = save.isPending ? save.variables : me.preferences.showSensitiveMedia;
  return (
    <div className={styles.card}>
      <label className={styles.checkRow}>
        <input
          type="checkbox"
          checked={checked}
          disabled={save.isPending}
          onChange={(e) => save.mutate(e.target.checked)}
        />
        <span>{messages.photos.alwaysShowSensitive}</span>
      </label>
    </div>
  );
}
