/**
 * The photos and videos of a post being written: each file starts uploading as soon as it is picked
 * (at most `limits.parallelUploads` at once, each with its own progress), can be given an alt text,
 * moved, removed, or retried when its upload failed, without touching the others. A video is then
 * `processing` while the server makes it playable (asked every second), and `done` once ready.
 */
import type { ImageDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, actionableMessage } from '@/lib/api-client.ts';
import {
  getUploadedVideo,
  isVideoFile,
  uploadImageWithProgress,
  uploadVideoWithProgress,
} from '@/lib/upload-image.ts';

export interface PhotoUpload {
  key: string;
  file: File;
  previewUrl: string;
  status: 'queued' | 'uploading' | 'processing' | 'done' | 'failed';
  isVideo: boolean;
  progress: number;
  image: ImageDto | null;
  error: string | null;
  altText: string;
}

let nextKey = 0;

export function usePhotoUploads() {
  const [photos, setPhotos] = useState<PhotoUpload[]>([]);
  const controllers = useRef(new Map<string, AbortController>());

  const update = useCallback((key: string, change: Partial<PhotoUpload>) => {
    setPhotos((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));
  }, []);

  // Start queued uploads while fewer than the limit are running.
  useEffect(() => {
    const running = photos.filter((p) => p.status === 'uploading').length;
    const ready = photos.filter((p) => p.status === 'queued').slice(0, limits.parallelUploads - running);
    for (const photo of ready) {
      const controller = new AbortController();
      controllers.current.set(photo.key, controller);
      update(photo.key, { status: 'uploading', progress: 0, error: null });
      const onProgress = (progress: number) => update(photo.key, { progress });
      (photo.isVideo
        ? uploadVideoWithProgress(photo.file, onProgress, controller.signal).then((image) =>
            untilPlayable(image, (processing) => update(photo.key, processing), controller.signal),
          )
        : uploadImageWithProgress(photo.file, 'post', onProgress, controller.signal)
      )
        .then((image) => update(photo.key, { status: 'done', progress: 1, image }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          update(photo.key, {
            status: 'failed',
            error: actionableMessage(error, messages.photos.uploadFailed),
          });
        })
        .finally(() => controllers.current.delete(photo.key));
    }
  }, [photos, update]);

  // Previews and uploads in flight end with the screen.
  const latest = useRef(photos);
  latest.current = photos;
  useEffect(
    () => () => {
      for (const controller of controllers.current.values()) controller.abort();
      for (const photo of latest.current) URL.revokeObjectURL(photo.previewUrl);
    },
    [],
  );

  /** Adds files up to the limit; answers how many did not fit. */
  const add = (files: File[]): number => {
    const room = limits.postPhotosMax - photos.length;
    const accepted = files.slice(0, Math.max(0, room));
    setPhotos((list) => [
      ...list,
      ...accepted.map((file) => {
        const isVideo = isVideoFile(file);
        const tooLarge = isVideo
          ? file.size > limits.videoMaxBytes && messages.video.tooLarge(limits.videoMaxBytes / 1024 / 1024)
          : file.size > limits.imageMaxBytes && messages.image.tooLarge(limits.imageMaxBytes / 1024 / 1024);
        return {
          key: `photo-${nextKey++}`,
          file,
          isVideo,
          previewUrl: URL.createObjectURL(file),
          status: tooLarge ? ('failed' as const) : ('queued' as const),
          progress: 0,
          image: null,
          error: tooLarge || null,
          altText: '',
        };
      }),
    ]);
    return files.length - accepted.length;
  };

  const remove = (key: string) => {
    controllers.current.get(key)?.abort();
    setPhotos((list) => {
      const gone = list.find((p) => p.key === key);
      if (gone) URL.revokeObjectURL(gone.previewUrl);
      return list.filter((p) => p.key !== key);
    });
  };

  const move = (key: string, by: -1 | 1) =>
    setPhotos((list) => {
      const from = list.findIndex((p) => p.key === key);
      const to = from + by;
      if (from < 0 || to < 0 || to >= list.length) return list;
      const next = [...list];
      [next[from], next[to]] = [next[to]!, next[from]!];
      return next;
    });

  return {
    photos,
    add,
    remove,
    move,
    retry: (key: string) => update(key, { status: 'queued', progress: 0, error: null }),
    setAltText: (key: string, altText: string) => update(key, { altText }),
    allDone: photos.length > 0 && photos.every((p) => p.status === 'done'),
    uploading: photos.filter((p) => p.status === 'queued' || p.status === 'uploading').length,
    processing: photos.filter((p) => p.status === 'processing').length,
  };
}

/** How often a video being processed is asked about: its progress moves by seconds. */
const processingPollMs = 1000;

/**
 * Waits for an uploaded video to be playable, reporting `processing` with its progress meanwhile;
 * rejects with the server's reason when it failed.
 */
async function untilPlayable(
  uploaded: ImageDto,
  report: (change: Partial<PhotoUpload>) => void,
  signal: AbortSignal,
): Promise<ImageDto> {
  let image = uploaded;
  while (image.video?.state === 'processing') {
    report({ status: 'processing', image, progress: image.video.progress / 100 });
    await new Promise((resolve) => setTimeout(resolve, processingPollMs));
    signal.throwIfAborted();
    image = await getUploadedVideo(image.id);
  }
  if (image.video?.state === 'failed') {
    throw new ApiError(400, 'Invalid', image.video.failure ?? messages.video.failed);
  }
  return image;
}
