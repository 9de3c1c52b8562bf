/** In-page messages: errors are role=alert (announced at once), success is role=status. */
import type { ReactNode } from 'react';
import styles from './alert.module.css';

export function ErrorMessage({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="alert" className={`${styles.message} ${styles.error}`}>
      {children}
    </p>
  );
}

export function SuccessMessage({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p role="status" className={`${styles.message} ${styles.success}`}>
      {children}
    </p>
  );
}
