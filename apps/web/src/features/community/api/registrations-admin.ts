/** /admin/registrations: the settings (admins) and the waiting sign-ups with Approve / Reject (staff). */
import type { EmailDomainBlockInput, RegistrationAdminDto, RegistrationSettingsInput } from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { registrationKeys } from '@/lib/registrations.ts';

export function useRegistrationAdmin() {
  return useQuery({
    queryKey: registrationKeys.admin(),
    queryFn: () => request(api.admin.registrations.$get()),
  });
}

/**
 * Saved at once, and shown chosen at once: the radio follows the choice while it saves, and goes
 * back to what the server holds if the save fails.
 */
export function useSaveRegistrationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistrationSettingsInput) => request(api.admin.registrations.$put({ json: input })),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: registrationKeys.admin() });
      const before = queryClient.getQueryData<RegistrationAdminDto>(registrationKeys.admin());
      if (before) queryClient.setQueryData(registrationKeys.admin(), { ...before, ...input });
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(registrationKeys.admin(), context.before);
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}

export function useAnswerSignUp() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, approve }: { userId: string; approve: boolean }) => {
      const param = { userId: encodeURIComponent(userId) };
      return request(
        approve
          ? api.admin.registrations[':userId'].approve.$post({ param })
          : api.admin.registrations[':userId'].reject.$post({ param }),
      );
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: registrationKeys.admin() }),
  });
}

/** /admin/registrations → Email domain blocks (admins). */
export function useEmailDomainBlocks() {
  return useQuery({
    queryKey: [...registrationKeys.admin(), 'email-domain-blocks'],
    queryFn: () => request(api.admin['email-domain-blocks'].$get()),
  });
}

export function useBlockEmailDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: EmailDomainBlockInput) =>
      request(api.admin['email-domain-blocks'].$post({ json: input })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: registrationKeys.admin() }),
  });
}

export function useUnblockEmailDomain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (domain: string) =>
      request(
        api.admin['email-domain-blocks'][':domain'].$delete({
          param: { domain: encodeURIComponent(domain) },
        }),
      ),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: registrationKeys.admin() }),
  });
}
