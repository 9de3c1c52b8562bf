/**
 * What the server says of who may join (`GET /api/registrations`): the mode, the rules, whom to
 * ask, and an invite code's state. Read signed out by /signup and /login, and signed in by the
 * report dialog (the rules broken) and the admin screens, so it lives once, here.
 */
import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';

export const registrationKeys = {
  all: ['registrations'] as const,
  info: (invite: string) => ['registrations', 'info', invite] as const,
  admin: () => ['registrations', 'admin'] as const,
  invites: () => ['registrations', 'invites'] as const,
};

export const registrationInfoQueryOptions = (invite = '') => ({
  queryKey: registrationKeys.info(invite),
  queryFn: () => request(api.registrations.$get({ query: invite ? { invite } : {} })),
  staleTime: 60_000,
});

export function useRegistrationInfo(invite = '') {
  return useQuery(registrationInfoQueryOptions(invite));
}
