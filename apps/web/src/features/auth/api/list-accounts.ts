/**
 * The accounts this browser is signed in to (better-auth's multi-session plugin, Add Account), each
 * labelled with its profile's name and picture. At most `limits.deviceAccountsMax`; one is active.
 */
import type { ImageDto } from '@glimpse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { listDeviceSessions } from '@/lib/auth-client.ts';
import { fullName } from '@/lib/format.ts';
import { authKeys } from '@/lib/query-keys.ts';

export interface DeviceAccount {
  userId: string;
  email: string;
  /** What set-active and revoke take; better-auth keeps one session per account on a device. */
  sessionToken: string;
  /** The profile's full name, or the email while the account has no profile yet. */
  name: string;
  profileImage: ImageDto | null;
}

async function listAccounts(): Promise<DeviceAccount[]> {
  const sessions = await listDeviceSessions();
  // better-auth knows emails only; names and pictures come from the profiles (five at most).
  return Promise.all(
    sessions.map(async ({ session, user }) => {
      const profile = await request(
        api.profiles[':userId'].$get({ param: { userId: encodeURIComponent(user.id) } }),
      ).catch(() => null);
      return {
        userId: user.id,
        email: user.email,
        sessionToken: session.token,
        name: fullName(profile) || user.email,
        profileImage: profile?.profileImage ?? null,
      };
    }),
  );
}

export const accountsQueryOptions = queryOptions({
  queryKey: authKeys.accounts,
  queryFn: listAccounts,
  staleTime: 60_000,
});

/** `enabled: false` until someone opens a list of accounts, so pages do not pay for it. */
export function useDeviceAccounts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...accountsQueryOptions, enabled });
}
