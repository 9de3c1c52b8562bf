/**
 * Picks one picture with a live preview. Shows the current stored image, or a placeholder until
 * the person chooses one. The file input stays a real, labelled input (keyboard and screen readers).
 */

import type { ImageDto } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { ImagePlus } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import styles from './image-picker.module.css';
import { ResponsiveImage } from './responsive-image.tsx';

interface ImagePickerProps {
  label: string;
  /**
   * What the frame says, each a whole phrase ("Choose profile image", "Change profile image"):
   * languages word them their own way, so they are never built from `label`.
   */
  chooseText: string;
  changeText: string;
  file: File | null;
  current?: ImageDto | null;
  onChange: (file: File | null) => void;
  shape?: 'circle' | 'banner' | 'square';
  placeholder?: ReactNode;
  error?: string | undefined;
  /** The visible name under the frame; the overlay already says it where space is tight. */
  showCaption?: boolean;
}

export function ImagePicker({
  label,
  chooseText,
  changeText,
  file,
  current,
  onChange,
  shape = 'square',
  placeholder,
  error,
  showCaption = true,
}: ImagePickerProps) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  const [localError, setLocalError] = useState<string>();

  useEffect(() => {
    if (!file) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const shown = preview ? (
    <img src={preview} alt="" className={styles.media} />
  ) : current ? (
    <ResponsiveImage image={current} alt="" sizes="320px" className={styles.media} />
  ) : (
    (placeholder ?? (
      <span className={styles.placeholder}>
        <ImagePlus aria-hidden="true" size={40} strokeWidth={1.5} />
        <span>{chooseText}</span>
      </span>
    ))
  );
  const message = localError ?? error;

  return (
    <div className={styles.picker}>
      <label htmlFor={id} className={`${styles.frame} ${styles[shape]}`}>
        {shown}
        <span className={styles.overlay}>{file || current ? changeText : chooseText}</span>
      </label>
      {showCaption && (
        <span className={styles.caption} aria-hidden="true">
          {label}
        </span>
      )}
      <input
        id={id}
        type="file"
        accept="image/jpeg,image/png,image/webp,image/gif,image/avif,image/heic"
        className="visually-hidden"
        aria-label={label}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(e) => {
          const chosen = e.target.files?.[0] ?? null;
          if (chosen && chosen.size > limits.imageMaxBytes) {
            setLocalError(messages.image.tooLarge(limits.imageMaxBytes / 1024 / 1024));
            e.target.value = '';
            return;
          }
          setLocalError(undefined);
          onChange(chosen);
        }}
      />
      {message && (
        <p id={`${id}-error`} className={styles.error}>
          {message}
        </p>
      )}
    </div>
  );
}
