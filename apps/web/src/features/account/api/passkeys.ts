/**
 * The account's passkeys (server auth/passkeys.ts): list, add (the password, then the browser's
 * passkey prompt), remove.
 */
import { type AddPasskeyInput, messages } from '@glimpse/shared';
import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, api, request, send } from '@/lib/api-client.ts';
import { authPost } from '@/lib/auth-client.ts';
import { accountKeys } from '@/lib/query-keys.ts';

const passkeysKey = [...accountKeys.all, 'passkeys'] as const;

export interface Passkey {
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

export function usePasskeys() {
  return useQuery({
    queryKey: passkeysKey,
    queryFn: async () =>
      ((await send(() => fetch('/api/auth/passkey/list'))) as { passkeys: Passkey[] }).passkeys,
  });
}

export function useAddPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, ...stepUp }: AddPasskeyInput & { name: string }) => {
      const { browserSupportsWebAuthn, startRegistration } = await import('@simplewebauthn/browser');
      if (!browserSupportsWebAuthn()) throw new ApiError(400, 'Invalid', messages.passkeys.unsupported);
      // The options come only after the password (and code): a passkey outlasts this session.
      const options = (await request(
        api.account.passkeys.options.$post({ json: stepUp }),
      )) as PublicKeyCredentialCreationOptionsJSON;
      let response: unknown;
      try {
        response = await startRegistration({ optionsJSON: options });
      } catch (error) {
        // The authenticator already holds a passkey of this account (excludeCredentials).
        if (error instanceof Error && error.name === 'InvalidStateError') {
          throw new ApiError(400, 'Invalid', messages.passkeys.alreadyAdded);
        }
        throw new ApiError(400, 'Invalid', messages.passkeys.cancelled);
      }
      await authPost('/passkey/register', { response, name });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}

export function useRemovePasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => authPost('/passkey/delete', { id }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeysKey }),
  });
}
