import { messages } from '@glimpse/shared';
import styles from './skeleton.module.css';

/** A shimmering block that holds the place of content still loading. */
export function Skeleton({
  width = '100%',
  height = 16,
  round,
}: {
  width?: number | string;
  height?: number | string;
  round?: boolean;
}) {
  return (
    <span className={styles.skeleton} style={{ width, height, borderRadius: round ? '50%' : undefined }} />
  );
}

export function FullPageLoader({ label = messages.common.loading }: { label?: string }) {
  return (
    <div className={styles.fullPage} role="status">
      <span className={styles.logo} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </div>
  );
}
