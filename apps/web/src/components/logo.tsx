import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import styles from './logo.module.css';

/** `compactOnPhone` keeps only the mark on narrow screens, where the top bar needs the room. */
export function Logo({
  size = 'md',
  compactOnPhone = false,
}: {
  size?: 'md' | 'lg';
  compactOnPhone?: boolean;
}) {
  // Several logos can be on a page (one may be hidden), so each needs its own gradient id.
  const gradientId = useId();
  return (
    <span className={`${styles.logo} ${styles[size]} ${compactOnPhone ? styles.compactOnPhone : ''}`}>
      <svg viewBox="0 0 64 64" className={styles.mark} aria-hidden="true">
        <rect width="64" height="64" rx="16" fill={`url(#${gradientId})`} />
        <circle cx="32" cy="32" r="13" fill="none" stroke="#fff" strokeWidth="6" />
        <circle cx="46" cy="18" r="4" fill="#fff" />
        <defs>
          <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
            <stop offset="0" stopColor="#5b4cf5" />
            <stop offset="1" stopColor="#ff5c8a" />
          </linearGradient>
        </defs>
      </svg>
      <span className={styles.word}>
        <Trans>Glimpse</Trans>
      </span>
    </span>
  );
}
