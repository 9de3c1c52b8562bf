/**
 * Stored images with srcset, explicit dimensions (no layout shift) and a thumbhash placeholder
 * painted underneath until the real pixels arrive. Once the server has encoded a photo's AVIF
 * twins, a `<picture>` offers them first; a browser without AVIF takes the WebP of the `<img>`.
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
  // A picture the server cannot serve (one from another server that is gone from it: 404) shows
  // its blurred placeholder in its place rather than the browser's broken-image icon.
  const [failed, setFailed] = useState(false);
  const fallback = failed && image.placeholder ? placeholderUrl(image.placeholder) : null;
  // Always a <picture>, even before the AVIF exists: when a refetch brings it, the <source> is
  // added beside the same <img> rather than the <img> being replaced (and its pixels reloaded).
  // display: contents, so the <img> sizes and places itself as it would without the wrapper.
  return (
    <picture className={styles.picture}>
      {image.avifSrcset && !fallback && <source type="image/avif" srcSet={image.avifSrcset} sizes={sizes} />}
      <img
        className={[styles.image, className].filter(Boolean).join(' ')}
        src={fallback ?? image.url}
        srcSet={fallback ? undefined : image.srcset}
        sizes={sizes}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        onLoad={() => setLoaded(true)}
        onError={() => setFailed(true)}
        style={{
          // The placeholder's own few pixels are only roughly the picture's shape: it fills the box.
          objectFit: fallback ? 'cover' : fit,
          backgroundImage: loaded ? undefined : `url(${placeholderUrl(image.placeholder)})`,
        }}
      />
    </picture>
  );
}
