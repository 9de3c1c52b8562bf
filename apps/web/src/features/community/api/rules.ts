/** /admin/rules: add, edit, delete and reorder the server's rules (admins); read through `GET /registrations`. */
import type { RuleInput } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { registrationKeys } from '@/lib/registrations.ts';

function useRulesMutation<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: registrationKeys.all }),
  });
}

export const useAddRule = () =>
  useRulesMutation((input: RuleInput) => request(api.admin.rules.$post({ json: input })));

export const useEditRule = () =>
  useRulesMutation(({ ruleId, ...json }: RuleInput & { ruleId: string }) =>
    request(api.admin.rules[':ruleId'].$put({ param: { ruleId }, json })),
  );

export const useDeleteRule = () =>
  useRulesMutation((ruleId: string) => request(api.admin.rules[':ruleId'].$delete({ param: { ruleId } })));

export const useMoveRule = () =>
  useRulesMutation(({ ruleId, direction }: { ruleId: string; direction: 'up' | 'down' }) =>
    request(api.admin.rules[':ruleId'].move.$post({ param: { ruleId }, json: { direction } })),
  );
