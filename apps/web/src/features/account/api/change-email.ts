/** Change email: the password again; the server mails a link to the new address and tells the old one. */
import type { ChangeEmailInput } from '@glimpse/shared';
import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';

export function useChangeEmail() {
  return useMutation({
    mutationFn: (json: ChangeEmailInput) => request(api.account.email.$post({ json })),
  });
}
