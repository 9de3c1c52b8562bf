/** A screen's frame: document title, one visible h1, optional actions beside it. */
import type { ReactNode } from 'react';
import { usePageTitle } from '@/lib/use-page-title.ts';
import styles from './page.module.css';

interface PageProps {
  title: string;
  /** Hide the heading visually (it stays for screen readers) when the screen shows its own header. */
  hideHeading?: boolean;
  actions?: ReactNode;
  width?: 'narrow' | 'wide';
  children: ReactNode;
}

export function Page({ title, hideHeading, actions, width = 'wide', children }: PageProps) {
  usePageTitle(title);
  return (
    <div className={`${styles.page} ${styles[width]}`}>
      <header className={hideHeading ? 'visually-hidden' : styles.header}>
        <h1 className={styles.heading}>{title}</h1>
        {actions && <div className={styles.actions}>{actions}</div>}
      </header>
      {children}
    </div>
  );
}

export function EmptyState({
  icon,
  title,
  children,
}: {
  icon?: ReactNode;
  title: string;
  children?: ReactNode;
}) {
  return (
    <div className={styles.empty}>
      {icon && <div className={styles.emptyIcon}>{icon}</div>}
      <p className={styles.emptyTitle}>{title}</p>
      {children}
    </div>
  );
}
