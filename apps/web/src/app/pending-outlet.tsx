/**
 * The outlet of every frame that shows screens. While a navigation loads the next screen's code
 * (routes.tsx loads screens on demand), the screen being left gives way to the loader at once. Left
 * on show and working, it took what a fast typist or a password manager filled in meant for the next
 * screen, whose field of the same name then came up empty (/login → Forgot password?: "Email is
 * required." after typing the email; docs/footguns.md).
 */
import { Outlet, useLocation, useNavigation } from 'react-router';
import { FullPageLoader } from '@/components/skeleton.tsx';

export function PendingOutlet() {
  const navigation = useNavigation();
  const location = useLocation();
  const leaving = navigation.state === 'loading' && navigation.location.pathname !== location.pathname;
  return leaving ? <FullPageLoader /> : <Outlet />;
}
