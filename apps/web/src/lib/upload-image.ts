/** Sends one picture through the server's image pipeline; posts, events and profiles attach its id. */
import type { ImageDto, ImagePurpose } from '@glimpse/shared';
import { apiFetch } from './api-client.ts';

export function uploadImage(file: File, purpose: ImagePurpose): Promise<ImageDto> {
  const form = new FormData();
  form.set('purpose', purpose);
  form.set('file', file);
  return apiFetch<ImageDto>('/api/images', { method: 'POST', body: form });
}
