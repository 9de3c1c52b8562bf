/** Delete account: the password again; the server removes everything and ends every session. */
import type { DeleteAccountInput } from '@glimpse/shared';
import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';

export function useDeleteAccount() {
  return useMutation({
    mutationFn: (json: DeleteAccountInput) => request(api.account.delete.$post({ json })),
  });
}
