import { QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/toast.tsx';
import { useActiveAccountSync } from '@/features/auth/active-account.ts';
import { isApiError } from '@/lib/api-client.ts';
import { authKeys } from '@/lib/query-keys.ts';
import { UpdatePrompt } from './update-prompt.tsx';

export const queryClient: QueryClient = new QueryClient({
  // A session that ended elsewhere (signed out on another device, a suspended account) shows as a
  // 401 on whatever loads next: ask /api/me again, so the app goes to /login instead of failing.
  queryCache: new QueryCache({
    onError: (error, query) => {
      if (isApiError(error, 'Unauthenticated') && query.queryKey[0] !== authKeys.me[0]) {
        void queryClient.invalidateQueries({ queryKey: authKeys.me });
      }
    },
  }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // Retrying cannot fix "not allowed" or "not found"; it can fix a dropped connection.
      retry: (failures, error) =>
        failures < 2 &&
        !(isApiError(error) && ['Unauthenticated', 'Forbidden', 'NotFound', 'Invalid'].includes(error.kind)),
    },
  },
});

/** Keeps this tab on the account other tabs made active (features/auth/active-account.ts). */
function ActiveAccountSync() {
  useActiveAccountSync();
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <ActiveAccountSync />
      <ToastProvider>
        {children}
        <UpdatePrompt />
      </ToastProvider>
    </QueryClientProvider>
  );
}
