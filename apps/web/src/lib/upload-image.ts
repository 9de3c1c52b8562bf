/** Sends one picture through the server's image pipeline; posts, events and profiles attach its id. */
import type { ImagePurpose } from '@glimpse/shared';
import { api, request } from './api-client.ts';

export function uploadImage(file: File, purpose: ImagePurpose) {
  return request(api.images.$post({ form: { purpose, file } }));
}
