/** /admin: the dashboard, admins only; to everyone else the page does not exist. */
import { DashboardScreen } from '@/features/community/dashboard-screen.tsx';
import { useViewer } from '@/lib/session.ts';
import { NotFound } from './not-found.tsx';

export function DashboardRoute() {
  const { role } = useViewer().user;
  return role === 'admin' ? <DashboardScreen /> : <NotFound />;
}
