/** A change patched into the caches survives a refetch that was already under way when it was made. */
import type { PostDto } from '@glimpse/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { postKeys } from '@/lib/query-keys.ts';
import { patchPostEverywhere } from './post-cache.ts';

describe('patching a post everywhere', () => {
  it('drops a refetch of its detail that was answered before the change and lands after it', async () => {
    const queryClient = new QueryClient();
    const key = postKeys.detail('p1');
    const before = { id: 'p1', likedByMe: false, likeCount: 0, savedByMe: false } as PostDto;
    queryClient.setQueryData(key, before);
    let answer!: (post: PostDto) => void;
    // A live update asked for the post again; the server's answer is still on its way.
    const refetch = queryClient.fetchQuery({
      queryKey: key,
      queryFn: () => new Promise<PostDto>((resolve) => (answer = resolve)),
      staleTime: 0,
    });
    patchPostEverywhere(queryClient, 'p1', (post) => ({ ...post, likedByMe: true, likeCount: 1 }));
    answer(before);
    await refetch.catch(() => undefined);
    expect(queryClient.getQueryData<PostDto>(key)).toMatchObject({ likedByMe: true, likeCount: 1 });
    expect(queryClient.getQueryState(key)?.fetchStatus).toBe('idle');
  });
});
