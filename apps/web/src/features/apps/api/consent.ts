/**
 * The consent screen's calls: what the app asks for (read from the query string the app opened
 * /oauth/authorize with), and Authorize / Deny.
 */
import type { AuthorizeRequestInput } from '@glimpse/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { oauthKeys } from '@/lib/query-keys.ts';

const requestFields = [
  'client_id',
  'redirect_uri',
  'response_type',
  'scope',
  'state',
  'code_challenge',
  'code_challenge_method',
] as const;

/** The authorization request's own parameters out of the page's query string (nothing else travels on). */
export function authorizationRequestOf(search: URLSearchParams): AuthorizeRequestInput {
  const input: Record<string, string> = {};
  for (const field of requestFields) {
    const value = search.get(field);
    if (value !== null) input[field] = value;
  }
  return input;
}

export const consentQuery = (input: AuthorizeRequestInput) =>
  queryOptions({
    queryKey: oauthKeys.consent(JSON.stringify(input)),
    queryFn: () => request(api.oauth.authorize.$get({ query: input })),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

export const useConsent = (input: AuthorizeRequestInput) => useQuery(consentQuery(input));

export function useDecide(input: AuthorizeRequestInput) {
  return useMutation({
    mutationFn: (decision: 'authorize' | 'deny') =>
      request(api.oauth.authorize.$post({ json: { ...input, decision } })),
  });
}
