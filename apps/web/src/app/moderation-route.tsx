/** /admin/reports: the console for moderators and admins; to everyone else the page does not exist. */
import { ModerationScreen } from '@/features/safety/moderation-screen.tsx';
import { useViewer } from '@/lib/session.ts';
import { NotFound } from './not-found.tsx';

export function ModerationRoute() {
  const { role } = useViewer().user;
  return role === 'moderator' || role === 'admin' ? <ModerationScreen /> : <NotFound />;
}
