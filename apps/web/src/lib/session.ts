/**
 * The signed-in account and its profile (`GET /api/me`). `null` means signed out. Every feature
 * reads the viewer here, which is why it sits in lib/ and not in the auth feature.
 */
import type { LanguageCode, MeDto } from '@glimpse/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext } from 'react';
import { api, isApiError, request } from './api-client.ts';
import { adoptAccountLanguage, currentLanguage } from './i18n.ts';
import { authKeys } from './query-keys.ts';

export async function getMe(): Promise<MeDto | null> {
  let me: MeDto | null;
  try {
    // Signed out answers `null` (200); a 401 still comes when the account went away mid-session.
    me = await request(api.me.$get());
  } catch (error) {
    if (isApiError(error, 'Unauthenticated')) return null;
    throw error;
  }
  if (!me) return null;
  if (me.language) {
    // Before the answer is used, so a sign-in on a new device opens in the account's language.
    await adoptAccountLanguage(me.language).catch(() => undefined);
  } else {
    // An account from before languages were saved takes the one this browser shows.
    void saveLanguage(currentLanguage()).catch(() => undefined);
  }
  return me;
}

/** Saves the language on the account: every device, mail and push follow it. */
export const saveLanguage = (language: LanguageCode) => request(api.me.language.$put({ json: { language } }));

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

/**
 * The signed-in account as the signed-in frame (RequireAuth, PublicShell) rendered it. Screens read
 * it from here, not from the query cache: the cache can change in the middle of a concurrent render
 * (log out empties it), and a screen reading it then would see no account under a frame that still
 * saw one, throw, and make React re-render the whole root (#520, docs/footguns.md). A context
 * value is the same for the frame and everything inside it in one render.
 */
export const ViewerContext = createContext<MeDto | null>(null);

/** For screens that only render inside RequireAuth (or PublicShell's signed-in frame). */
export function useViewer(): MeDto {
  const me = useContext(ViewerContext);
  if (!me) throw new Error('useViewer outside a signed-in screen (RequireAuth provides the viewer)');
  return me;
}
