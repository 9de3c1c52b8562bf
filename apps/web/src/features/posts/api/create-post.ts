import type { PostDto } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '@/lib/api-client.ts';
import { uploadImage } from '@/lib/upload-image.ts';
import { postKeys } from './keys.ts';

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, caption, altText }: { image: File; caption: string; altText: string }) => {
      const uploaded = await uploadImage(image, 'post');
      return apiFetch<PostDto>('/api/posts', {
        method: 'POST',
        json: { imageId: uploaded.id, caption, altText },
      });
    },
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}
