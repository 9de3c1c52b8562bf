/** Pages anyone may read (legal, help): inside the app frame when signed in, a light frame otherwise. */
import { paths } from '@glimpse/shared';
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router';
import { ButtonLink } from '@/components/button.tsx';
import { Logo } from '@/components/logo.tsx';
import { FullPageLoader } from '@/components/skeleton.tsx';
import { useAuth } from '@/lib/session.ts';
import styles from './public-shell.module.css';
import { SignedInShell } from './signed-in-shell.tsx';

export function PublicShell() {
  const auth = useAuth();
  if (auth.status === 'loading') return <FullPageLoader />;
  if (auth.status === 'signedIn' && auth.me.profile) return <SignedInShell />;
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link to={paths.home} className={styles.brand} aria-label="Glimpse home">
          <Logo />
        </Link>
        <ButtonLink to={paths.login} variant="secondary">
          Sign in
        </ButtonLink>
      </header>
      <main id="content">
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
