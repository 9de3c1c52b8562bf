/** Add and remove muted words; the list itself is read through lib/muted-words.ts. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { safetyKeys } from '@/lib/query-keys.ts';

export function useAddMutedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (word: string) => request(api.me['muted-words'].$post({ json: { word } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: safetyKeys.mutedWords() }),
  });
}

export function useRemoveMutedWord() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      request(api.me['muted-words'][':id'].$delete({ param: { id: encodeURIComponent(id) } })),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: safetyKeys.mutedWords() }),
  });
}
