import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { ToastProvider } from '@/components/toast.tsx';
import { useActiveAccountSync } from '@/features/auth/active-account.ts';
import { isApiError } from '@/lib/api-client.ts';
import { UpdatePrompt } from './update-prompt.tsx';

const queryClient = new QueryClient({
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
