/** Sends one picture through the server's image pipeline; posts, events and profiles attach its id. */
import type { ImageDto, ImagePurpose } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { ApiError, api, apiBase, request, toApiError } from './api-client.ts';

export function uploadImage(file: File, purpose: ImagePurpose) {
  return request(api.images.$post({ form: { purpose, file } }));
}

/**
 * The same upload, reporting progress (0–1) as the bytes go out. fetch cannot report upload
 * progress, so this one call uses XMLHttpRequest; its address still comes from the typed client.
 */
export function uploadImageWithProgress(
  file: File,
  purpose: ImagePurpose,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImageDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase}${api.images.$path()}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status === 201) resolve(xhr.response as ImageDto);
      else reject(toApiError(xhr.status, xhr.response));
    };
    xhr.onerror = () => reject(new ApiError(0, 'Network', messages.common.networkError));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.set('purpose', purpose);
    form.set('file', file);
    xhr.send(form);
  });
}
