/** /admin/registrations: moderators and admins (the settings on it are admins'); to everyone else the page does not exist. */
import { RegistrationsScreen } from '@/features/community/registrations-screen.tsx';
import { useViewer } from '@/lib/session.ts';
import { NotFound } from './not-found.tsx';

export function RegistrationsRoute() {
  const { role } = useViewer().user;
  return role === 'moderator' || role === 'admin' ? <RegistrationsScreen /> : <NotFound />;
}
