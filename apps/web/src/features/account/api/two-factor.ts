/**
 * Two-factor through better-auth: whether it is on (its session answer carries the flag), set it
 * up with the password (an otpauth URI and ten backup codes), confirm with a first code, turn off.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { send } from '@/lib/api-client.ts';
import { authPost } from '@/lib/auth-client.ts';
import { accountKeys } from '@/lib/query-keys.ts';

const twoFactorKey = [...accountKeys.all, 'two-factor'] as const;

export function useTwoFactorEnabled() {
  return useQuery({
    queryKey: twoFactorKey,
    queryFn: async () => {
      const answer = (await send(() => fetch('/api/auth/get-session?disableCookieCache=true'))) as {
        user?: { twoFactorEnabled?: boolean };
      } | null;
      return Boolean(answer?.user?.twoFactorEnabled);
    },
  });
}

export interface TwoFactorSetup {
  totpURI: string;
  backupCodes: string[];
}

export function useStartTwoFactor() {
  return useMutation({
    mutationFn: async (password: string) =>
      (await authPost('/two-factor/enable', { password })) as TwoFactorSetup,
  });
}

export function useConfirmTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => authPost('/two-factor/verify-totp', { code: code.replace(/\s+/g, '') }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (password: string) => authPost('/two-factor/disable', { password }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
