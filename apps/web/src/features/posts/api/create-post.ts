import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { postKeys } from '@/lib/query-keys.ts';
import { uploadImage } from '@/lib/upload-image.ts';

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, caption, altText }: { image: File; caption: string; altText: string }) => {
      const uploaded = await uploadImage(image, 'post');
      return request(api.posts.$post({ json: { imageId: uploaded.id, caption, altText } }));
    },
    onSuccess: (post) => {
      queryClient.setQueryData(postKeys.detail(post.id), post);
      void queryClient.invalidateQueries({ queryKey: postKeys.lists() });
    },
  });
}
