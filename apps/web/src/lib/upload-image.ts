/**
 * Sends one picture through the server's image pipeline (posts, events and profiles attach its id),
 * or one video through the video pipeline (a post item, once the server has made it playable).
 */
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

/** Whether a picked file is a video (by type, or by name where the browser gives none: an iPhone's `.MOV`). */
export const isVideoFile = (file: File) =>
  file.type.startsWith('video/') || /\.(mp4|m4v|mov|webm)$/i.test(file.name);

/**
 * A video upload, reporting progress as the bytes go out: the file is the whole body (the server
 * streams it to disk), so nothing is encoded around it. Answers the item while it is processed.
 */
export function uploadVideoWithProgress(
  file: File,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<ImageDto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${apiBase}${api.videos.$path()}`);
    xhr.setRequestHeader('content-type', file.type || 'application/octet-stream');
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
    xhr.send(file);
  });
}

/** A video upload's state, as the server makes it playable (`video.state`, `video.progress`). */
export function getUploadedVideo(videoId: string) {
  return request(api.videos[':videoId'].$get({ param: { videoId } }));
}
