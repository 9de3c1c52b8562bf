import { type MeDto, messages } from '@glimpse/shared';
import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client.ts';
import { authPost } from '@/lib/auth-client.ts';
import { getMe } from '@/lib/session.ts';
import { setActiveAccount } from '../active-account.ts';

/**
 * Sign in with a passkey: the server's challenge, the browser's passkey prompt (any passkey saved
 * for this site, no email needed), then the server checks the answer and starts the session.
 * The WebAuthn library loads only when the button is pressed.
 */
export function useSignInWithPasskey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (): Promise<MeDto | null> => {
      const { browserSupportsWebAuthn, startAuthentication } = await import('@simplewebauthn/browser');
      if (!browserSupportsWebAuthn()) throw new ApiError(400, 'Invalid', messages.passkeys.unsupported);
      const { challengeId, options } = (await authPost('/passkey/sign-in-options', {})) as {
        challengeId: string;
        options: PublicKeyCredentialRequestOptionsJSON;
      };
      let response: unknown;
      try {
        response = await startAuthentication({ optionsJSON: options });
      } catch {
        // Cancelled, timed out, or no passkey for this site on the device: the browser does not say which.
        throw new ApiError(400, 'Invalid', messages.passkeys.cancelled);
      }
      await authPost('/passkey/sign-in', { challengeId, response });
      return getMe();
    },
    onSuccess: (me) => setActiveAccount(queryClient, me),
  });
}
