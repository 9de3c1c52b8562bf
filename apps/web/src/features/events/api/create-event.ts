/**
 * Creates an event: the optional picture goes through the image pipeline first, then the event.
 * A picture that fails to upload does not stop the event (SPEC.md §8: the image becomes null and
 * the save continues); the screen says so.
 */
import type { CreateEventInputParsed } from '@glimpse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, request } from '@/lib/api-client.ts';
import { eventKeys } from '@/lib/query-keys.ts';
import { uploadImage } from '@/lib/upload-image.ts';

type NewEvent = Omit<CreateEventInputParsed, 'imageId'> & { image: File | null };

export function useCreateEvent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ image, ...fields }: NewEvent) => {
      let imageId: string | null = null;
      let imageFailed = false;
      if (image) {
        try {
          imageId = (await uploadImage(image, 'event')).id;
        } catch {
          imageFailed = true;
        }
      }
      const event = await request(api.events.$post({ json: { ...fields, imageId } }));
      return { event, imageFailed };
    },
    onSuccess: ({ event }) => {
      queryClient.setQueryData(eventKeys.detail(event.id), event);
      void queryClient.invalidateQueries({ queryKey: eventKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: eventKeys.upcomingAll() });
    },
  });
}
