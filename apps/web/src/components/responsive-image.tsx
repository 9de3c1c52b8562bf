/**
 * Stored images with srcset, explicit dimensions (no layout shift) and a thumbhash placeholder
 * painted underneath until the real pixels arrive. Once the server has encoded a photo's AVIF
 * twins, a `<picture>` offers them first; a browser without AVIF takes the WebP of the `<img>`.
 *
 * The contract with whatever frames it: the component is one box, the `<picture>`, that fills its
 * frame (100% of its width and height) and carries `className`; the `<img>` inside fills that box
 * and draws the photo by `fit` (cover crops to the frame, contain shows it whole). A frame sizes
 * and clips itself and may place or style the component's box (`.frame > .photo` reaches it);
 * it never styles the `<img>`, which is this component's own.
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
  /** On the component's box (the `<picture>`), as on any component's root. */
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
  // The <picture> is a real box, not display: contents: a frame's child selector then meets the
  // box it places, where a wrapper without a box left the <img> unstyled at its natural height.
  return (
    <picture className={[styles.picture, className].filter(Boolean).join(' ')}>
      {image.avifSrcset && !fallback && <source type="image/avif" srcSet={image.avifSrcset} sizes={sizes} />}
      <img
        className={loaded ? styles.image : `${styles.image} ${styles.loading}`}
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
