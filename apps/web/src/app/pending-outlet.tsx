/**
 * The outlet of every frame that shows screens. While a navigation loads the next screen's code
 * (routes.tsx loads screens on demand), the screen being left gives way to the loader at once: the
 * router applies a navigation at once, not as a transition (start.tsx), so the next screen's lazy
 * component suspends here. Left on show and working, the old screen took what a fast typist or a
 * password manager filled in meant for the next screen, whose field of the same name then came up
 * empty (/login → Forgot password?: "Email is required." after typing the email; docs/footguns.md).
 */
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { FullPageLoader } from '@/components/skeleton.tsx';

export function PendingOutlet() {
  return (
    <Suspense fallback={<FullPageLoader />}>
      <Outlet />
    </Suspense>
  );
}
