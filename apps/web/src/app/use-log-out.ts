import { paths } from '@glimpse/shared';
import { useNavigate } from 'react-router';
import { useToast } from '@/components/toast.tsx';
import { useSignOut } from '@/features/auth/api/sign-out.ts';

/** Log out goes to /login (SPEC.md §4); a failure says so instead of pretending. */
export function useLogOut() {
  const signOut = useSignOut();
  const navigate = useNavigate();
  const toast = useToast();
  return {
    pending: signOut.isPending,
    logOut: () =>
      signOut.mutate(undefined, {
        onSuccess: () => navigate(paths.login, { replace: true }),
        onError: (error) => toast.error(error.message),
      }),
  };
}
