/**
 * The signed-in member's muted words, read by every list that folds muted posts and comments
 * (components/muted-fold.tsx); the settings screen (features/safety) edits them.
 */
import { useQuery } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { safetyKeys } from '@/lib/query-keys.ts';

/** The list with its ids and times (the settings screen). */
export function useMutedWordList() {
  return useQuery({
    queryKey: safetyKeys.mutedWords(),
    queryFn: () => request(api.me['muted-words'].$get()),
    staleTime: 5 * 60_000,
  });
}

/** Just the words, for folding (components/muted-fold.tsx). */
export function useMutedWords(): string[] {
  return useMutedWordList().data?.items.map((item) => item.word) ?? [];
}
