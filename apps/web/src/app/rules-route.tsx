/** /admin/rules: admins only; to everyone else the page does not exist. */
import { RulesScreen } from '@/features/community/rules-screen.tsx';
import { useViewer } from '@/lib/session.ts';
import { NotFound } from './not-found.tsx';

export function RulesRoute() {
  const { role } = useViewer().user;
  return role === 'admin' ? <RulesScreen /> : <NotFound />;
}
