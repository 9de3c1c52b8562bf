/** The frame of the signed-out screens: the brand on one side (desktop), the form card on the other. */
import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { Logo } from '@/components/logo.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import styles from './auth-layout.module.css';

export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <div className={styles.layout}>
      <section className={styles.brand} aria-hidden="true">
        <Logo size="lg" />
        <p className={styles.tagline}>
          <Trans>Share the moments and the events that bring your people together.</Trans>
        </p>
        <div className={styles.collage}>
          <span />
          <span />
          <span />
          <span />
        </div>
      </section>
      <main className={styles.main}>
        <div className={styles.card}>
          <div className={styles.phoneLogo}>
            <Logo />
          </div>
          <h1 className={styles.title}>{title}</h1>
          <p className={styles.subtitle}>{subtitle}</p>
          {children}
        </div>
      </main>
    </div>
  );
}
