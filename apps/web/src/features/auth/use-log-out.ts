import { messages, paths } from '@glimpse/shared';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toast.tsx';
import { isApiError } from '@/lib/api-client.ts';
import { fullName } from '@/lib/format.ts';
import { useSignOut } from './api/sign-out.ts';

/**
 * Log out (side nav, settings): signs out the active account only. With none left it goes to /login
 * (SPEC.md §4); otherwise to the feed of the account that is now active. A failure says so.
 */
export function useLogOut() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const toast = useToast();
  return {
    pending: signOut.isPending,
    logOut: () =>
      signOut.mutate(undefined, {
        onSuccess: (me) => {
          if (!me) {
            navigate(paths.login, { replace: true });
            return;
          }
          toast.success(messages.accounts.loggedOutSwitched(fullName(me.profile) || me.user.email));
          navigate(paths.home, { replace: true });
        },
        onError: (error) =>
          toast.error(isApiError(error, 'Network') ? error.message : messages.accounts.logOutFailed),
      }),
  };
}
