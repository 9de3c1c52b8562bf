/**
 * Private screens (DESIGN.md §4): a signed-out visitor goes to /login and comes back afterwards;
 * a signed-in account without a profile goes to /setupProfile first.
 */
import { messages, paths } from '@glimpse/shared';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '@/components/button.tsx';
import { EmptyState } from '@/components/page.tsx';
import { FullPageLoader } from '@/components/skeleton.tsx';
import { useAuth, ViewerContext } from '@/lib/session.ts';

export function RequireAuth() {
  const auth = useAuth();
  const location = useLocation();
  if (auth.status === 'loading') return <FullPageLoader />;
  if (auth.status === 'error') {
    return (
      <div style={{ padding: 24 }}>
        <EmptyState title={messages.common.networkError}>
          <Button onClick={auth.retry}>{messages.common.tryAgain}</Button>
        </EmptyState>
      </div>
    );
  }
  if (auth.status === 'signedOut') {
    return <Navigate to={paths.login} replace state={{ from: location.pathname + location.search }} />;
  }
  if (!auth.me.profile && location.pathname !== paths.setupProfile) {
    return <Navigate to={paths.setupProfile} replace />;
  }
  return (
    <ViewerContext value={auth.me}>
      <Outlet />
    </ViewerContext>
  );
}
