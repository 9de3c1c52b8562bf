/**
 * /addpost's photos and videos: pick several at once or add more (up to limits.postPhotosMax), each with a
 * thumbnail, its upload's progress, its own Alt text, and buttons to move it earlier or later,
 * remove it, or retry a failed upload: reordering never needs a drag, so keyboards and screen
 * readers can do it.
 */

import { limits, messages, videoFormats } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { ArrowDown, ArrowUp, Film, ImagePlus, RotateCcw, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/button.tsx';
import { RequiredMark, TextField } from '@/components/field.tsx';
import styles from './photo-list-editor.module.css';
import type { usePhotoUploads } from './use-photo-uploads.ts';

type Uploads = ReturnType<typeof usePhotoUploads>;

export function PhotoListEditor({ uploads, error }: { uploads: Uploads; error?: string | undefined }) {
  const id = useId();
  const list = useRef<HTMLOListElement>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [refocus, setRefocus] = useState<string | null>(null);
  const full = uploads.photos.length >= limits.postPhotosMax;
  const message = notice ?? error;

  // A moved photo's button keeps the focus, so pressing it again keeps moving the same photo.
  useEffect(() => {
    if (!refocus) return;
    list.current?.querySelector<HTMLElement>(`[data-focus="${refocus}"]`)?.focus();
    setRefocus(null);
  }, [refocus]);

  const move = (key: string, by: -1 | 1) => {
    uploads.move(key, by);
    setRefocus(`${key}:${by}`);
  };

  return (
    <div className={styles.editor}>
      <label htmlFor={id} className={styles.picker} data-disabled={full || undefined}>
        <ImagePlus aria-hidden="true" size={32} strokeWidth={1.5} />
        <span>
          {uploads.photos.length ? t`Add more photos` : t`Choose photos`}
          <RequiredMark />
        </span>
        <span className={styles.hint}>
          {uploads.photos.length}/{limits.postPhotosMax}
        </span>
      </label>
      <input
        id={id}
        type="file"
        multiple
        disabled={full}
        accept={`image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic,${videoFormats.mimeTypes.join(',')},.mov,.mp4,.webm`}
        className="visually-hidden"
        aria-label={t`Photos and videos`}
        // Emptied after each pick (the photos live in the list below): required until one is there.
        required={uploads.photos.length === 0}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(e) => {
          const left = uploads.add([...(e.target.files ?? [])]);
          setNotice(left > 0 ? messages.photos.tooMany(limits.postPhotosMax) : null);
          e.target.value = '';
        }}
      />
      {message && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {message}
        </p>
      )}
      {uploads.photos.length > 0 && (
        <ol className={styles.list} ref={list} aria-label={t`Photos of this post`}>
          {uploads.photos.map((photo, index) => {
            const n = index + 1;
            const total = uploads.photos.length;
            return (
              <li key={photo.key} className={styles.item}>
                {/* The stored WebP once uploaded: only Safari shows the picked file itself when it is HEIC. */}
                {photo.isVideo && !photo.image ? (
                  // A video's poster exists once the server has it; until then, its mark.
                  <span className={`${styles.thumb} ${styles.videoThumb}`} aria-hidden="true">
                    <Film size={32} strokeWidth={1.5} />
                  </span>
                ) : (
                  <img
                    src={photo.image?.url ?? photo.previewUrl}
                    srcSet={photo.image?.srcset}
                    sizes="88px"
                    alt=""
                    className={styles.thumb}
                  />
                )}
                <div className={styles.details}>
                  <p className={styles.status}>
                    {photo.isVideo ? (
                      <Trans>
                        Video {n} of {total}
                      </Trans>
                    ) : (
                      <Trans>
                        Photo {n} of {total}
                      </Trans>
                    )}
                    {photo.status === 'done' && (
                      <span className={styles.done}>
                        {' · '}
                        <Trans>Uploaded</Trans>
                      </span>
                    )}
                  </p>
                  {(photo.status === 'uploading' || photo.status === 'queued') && (
                    <progress
                      className={styles.progress}
                      value={photo.progress}
                      max={1}
                      aria-label={t`Uploading photo ${n}`}
                    />
                  )}
                  {photo.status === 'processing' && (
                    <>
                      <p role="status" className={styles.status}>
                        <Trans>Processing video…</Trans>
                      </p>
                      <progress
                        className={styles.progress}
                        value={photo.progress}
                        max={1}
                        aria-label={t`Processing video ${n}`}
                      />
                    </>
                  )}
                  {photo.status === 'failed' && (
                    <p className={styles.error} role="alert">
                      {photo.error}
                    </p>
                  )}
                  <TextField
                    label={t`Alt text`}
                    value={photo.altText}
                    maxLength={limits.altTextMax}
                    onChange={(e) => uploads.setAltText(photo.key, e.target.value)}
                    hint={
                      photo.isVideo
                        ? t`Describe the video for people who use screen readers.`
                        : t`Describe the photo for people who use screen readers.`
                    }
                  />
                  <div className={styles.buttons}>
                    {photo.status === 'failed' && (
                      <Button
                        size="sm"
                        variant="secondary"
                        icon={<RotateCcw aria-hidden="true" size={16} />}
                        onClick={() => uploads.retry(photo.key)}
                        aria-label={t`Retry photo ${n}`}
                      >
                        <Trans>Retry</Trans>
                      </Button>
                    )}
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<ArrowUp aria-hidden="true" size={16} />}
                      disabled={index === 0}
                      onClick={() => move(photo.key, -1)}
                      aria-label={t`Move photo ${n} earlier`}
                      data-focus={`${photo.key}:-1`}
                    >
                      <Trans>Earlier</Trans>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<ArrowDown aria-hidden="true" size={16} />}
                      disabled={index === uploads.photos.length - 1}
                      onClick={() => move(photo.key, 1)}
                      aria-label={t`Move photo ${n} later`}
                      data-focus={`${photo.key}:1`}
                    >
                      <Trans>Later</Trans>
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      icon={<Trash2 aria-hidden="true" size={16} />}
                      onClick={() => uploads.remove(photo.key)}
                      aria-label={t`Remove photo ${n}`}
                    >
                      <Trans>Remove</Trans>
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </div>
  );
}
