/**
 * The signed-in account and its profile (`GET /api/me`). `null` means signed out. Every feature
 * reads the viewer here, which is why it sits in lib/ and not in the auth feature.
 */
import type { MeDto } from '@glimpse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError, request } from './api-client.ts';
import { authKeys } from './query-keys.ts';

export async function getMe(): Promise<MeDto | null> {
  try {
    return await request(api.me.$get());
  } catch (error) {
    if (isApiError(error, 'Unauthenticated')) return null;
    throw error;
  }
}

export const meQueryOptions = queryOptions({
  queryKey: authKeys.me,
  queryFn: getMe,
  staleTime: 5 * 60_000,
});

export type AuthState =
  | { status: 'loading'; me: undefined }
  | { status: 'error'; me: undefined; retry: () => void }
  | { status: 'signedOut'; me: null }
  | { status: 'signedIn'; me: MeDto };

/** "loading" until the first session answer arrives, so a reload never flashes the login page. */
export function useAuth(): AuthState {
  const query = useQuery(meQueryOptions);
  if (query.data === undefined) {
    if (query.isError) return { status: 'error', me: undefined, retry: () => void query.refetch() };
    return { status: 'loading', me: undefined };
  }
  return query.data ? { status: 'signedIn', me: query.data } : { status: 'signedOut', me: null };
}

/** For screens that only render inside RequireAuth. */
export function useViewer(): MeDto {
  const auth = useAuth();
  if (auth.status !== 'signedIn') throw new Error('useViewer outside a signed-in screen');
  return auth.me;
}
