/** Pages anyone may read (legal, help): inside the app frame when signed in, a light frame otherwise. */
import { paths } from '@glimpse/shared';
import { Suspense } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/button.tsx';
import { Logo } from '@/components/logo.tsx';
import { FullPageLoader } from '@/components/skeleton.tsx';
import { useAuth, ViewerContext } from '@/lib/session.ts';
import { PendingOutlet } from './pending-outlet.tsx';
import styles from './public-shell.module.css';
import { SignedInShell } from './signed-in-shell.tsx';

export function PublicShell() {
  const auth = useAuth();
  if (auth.status === 'loading') return <FullPageLoader />;
  if (auth.status === 'signedIn' && auth.me.profile) {
    return (
      <ViewerContext value={auth.me}>
        <SignedInShell />
      </ViewerContext>
    );
  }
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
          <PendingOutlet />
        </Suspense>
      </main>
    </div>
  );
}
