/**
 * Stored images with srcset, explicit dimensions (no layout shift) and a thumbhash placeholder
 * painted underneath until the real pixels arrive.
 */
import type { ImageDto } from '@glimpse/shared';
import { useState } from 'react';
import { placeholderUrl } from '@/lib/placeholder.ts';
import styles from './responsive-image.module.css';

interface ResponsiveImageProps {
  image: ImageDto;
  alt: string;
  /** The `sizes` attribute: how wide the image is drawn at each viewport. */
  sizes: string;
  className?: string;
  /** Above-the-fold images load eagerly; everything else lazily. */
  priority?: boolean;
  fit?: 'cover' | 'contain';
}

export function ResponsiveImage({
  image,
  alt,
  sizes,
  className,
  priority,
  fit = 'cover',
}: ResponsiveImageProps) {
  const [loaded, setLoaded] = useState(false);
  return (
    <img
      className={[styles.image, className].filter(Boolean).join(' ')}
      src={image.url}
      srcSet={image.srcset}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      decoding="async"
      onLoad={() => setLoaded(true)}
      style={{
        objectFit: fit,
        backgroundImage: loaded ? undefined : `url(${placeholderUrl(image.placeholder)})`,
      }}
    />
  );
}
