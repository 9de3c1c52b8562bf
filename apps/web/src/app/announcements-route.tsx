/** /admin/announcements: admins only; to everyone else the page does not exist. */
import { AnnouncementsScreen } from '@/features/community/announcements-screen.tsx';
import { useViewer } from '@/lib/session.ts';
import { NotFound } from './not-found.tsx';

export function AnnouncementsRoute() {
  const { role } = useViewer().user;
  return role === 'admin' ? <AnnouncementsScreen /> : <NotFound />;
}
