/** "This wasn't me": the token from the mail to the old address puts that address back (signed in or not). */
import type { UndoEmailChangeInput } from '@glimpse/shared';
import { useMutation } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';

export function useUndoEmailChange() {
  return useMutation({
    mutationFn: (json: UndoEmailChangeInput) => request(api.account.email.undo.$post({ json })),
  });
}
