/** /admin/federation: admins only; to everyone else the page does not exist. */
import { FederationScreen } from '@/features/safety/federation-screen.tsx';
import { useViewer } from '@/lib/session.ts';
import { NotFound } from './not-found.tsx';

export function FederationRoute() {
  const { role } = useViewer().user;
  return role === 'admin' ? <FederationScreen /> : <NotFound />;
}
