/** /admin/registrations: the settings (admins) and the waiting sign-ups with Approve / Reject (staff). */
import type { RegistrationSettingsInput } from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { registrationKeys } from '@/lib/registrations.ts';

export function useRegistrationAdmin() {
  return useQuery({
    queryKey: registrationKeys.admin(),
    queryFn: () => request(api.admin.registrations.$get()),
  });
}

export function useSaveRegistrationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RegistrationSettingsInput) => request(api.admin.registrations.$put({ json: input })),
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
