/**
 * Moving between servers (server composers/federation/outbox/moves.ts): my aliases and where I
 * moved, adding and removing an alias, and the Move itself. Each answer is the whole state.
 */
import type { AccountMovesDto } from '@glimpse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { accountKeys } from '@/lib/query-keys.ts';

export function useAccountMoves() {
  return useQuery({
    queryKey: accountKeys.moves,
    queryFn: async (): Promise<AccountMovesDto> => request(api.account.moves.$get()),
  });
}

function useMovesMutation<T>(mutationFn: (input: T) => Promise<AccountMovesDto>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (dto) => queryClient.setQueryData(accountKeys.moves, dto),
  });
}

export const useAddAlias = () =>
  useMovesMutation((handle: string) => request(api.account.aliases.$post({ json: { handle } })));

export const useRemoveAlias = () =>
  useMovesMutation((iri: string) => request(api.account.aliases.$delete({ query: { iri } })));

export const useMoveAccount = () =>
  useMovesMutation((handle: string) => request(api.account.move.$post({ json: { handle } })));
