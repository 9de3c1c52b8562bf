/**
 * A bordered list of rows: what each row is about at the start, its buttons at the end, wrapping
 * under it on a narrow screen. Follow requests, blocked accounts, muted words, the team, blocked
 * domains and failed deliveries all read this way.
 */
import type { ReactNode } from 'react';
import styles from './row-list.module.css';

export function RowList({ label, children }: { label: string; children: ReactNode }) {
  return (
    <ul className={styles.list} aria-label={label}>
      {children}
    </ul>
  );
}

/** One row; `stacked` puts its parts under each other (a row of facts, with no buttons). */
export function Row({ stacked = false, children }: { stacked?: boolean; children: ReactNode }) {
  return <li className={stacked ? styles.stacked : styles.row}>{children}</li>;
}

/** A row's buttons, side by side. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}
