/** Pages anyone may read (legal, help): inside the app frame when signed in, a light frame otherwise. */

import { paths } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { ButtonLink } from '@/components/button.tsx';
import { Logo } from '@/components/logo.tsx';
import { FullPageLoader } from '@/components/skeleton.tsx';
import { useAuth, ViewerContext } from '@/lib/session.ts';
import { PendingOutlet } from './pending-outlet.tsx';
import styles from './public-shell.module.css';

// The signed-in frame's code loads only when a signed-in member reads these pages (routes.tsx).
const SignedInShell = lazy(async () => ({ default: (await import('./signed-in-shell.tsx')).SignedInShell }));

export function PublicShell() {
  const auth = useAuth();
  if (auth.status === 'loading') return <FullPageLoader />;
  if (auth.status === 'signedIn' && auth.me.profile) {
    return (
      <ViewerContext value={auth.me}>
        <Suspense fallback={<FullPageLoader />}>
          <SignedInShell />
        </Suspense>
      </ViewerContext>
    );
  }
  return (
    <div className={styles.shell}>
      <header className={styles.header}>
        <Link to={paths.home} className={styles.brand} aria-label={t`Glimpse home`}>
          <Logo />
        </Link>
        <ButtonLink to={paths.login} variant="secondary">
          <Trans>Sign in</Trans>
        </ButtonLink>
      </header>
      <main id="content">
        <PendingOutlet />
      </main>
    </div>
  );
}
