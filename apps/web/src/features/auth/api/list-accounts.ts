/**
 * The accounts this browser is signed in to (better-auth's multi-session plugin, Add Account), each
 * labelled with its profile's name and picture. At most `limits.deviceAccountsMax`; one is active.
 */
import type { ImageDto, ProfileDto } from '@glimpse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { fullName } from '@/lib/format.ts';

/** One entry of GET /api/auth/multi-session/list-device-sessions (the fields we read). */
export interface DeviceSession {
  session: { token: string; userId: string };
  user: { id: string; email: string };
}

export interface DeviceAccount {
  userId: string;
  email: string;
  /** What set-active and revoke take; better-auth keeps one session per account on a device. */
  sessionToken: string;
  /** The profile's full name, or the email while the account has no profile yet. */
  name: string;
  profileImage: ImageDto | null;
}

export const accountKeys = {
  all: ['auth', 'accounts'] as const,
};

export function listDeviceSessions(): Promise<DeviceSession[]> {
  return apiFetch<DeviceSession[]>('/api/auth/multi-session/list-device-sessions');
}

async function listAccounts(): Promise<DeviceAccount[]> {
  const sessions = await listDeviceSessions();
  // better-auth knows emails only; names and pictures come from the profiles (five at most).
  return Promise.all(
    sessions.map(async ({ session, user }) => {
      const profile = await apiFetch<ProfileDto>(`/api/profiles/${encodeURIComponent(user.id)}`).catch(
        () => null,
      );
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
  queryKey: accountKeys.all,
  queryFn: listAccounts,
  staleTime: 60_000,
});

/** `enabled: false` until someone opens a list of accounts, so pages do not pay for it. */
export function useDeviceAccounts({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...accountsQueryOptions, enabled });
}
