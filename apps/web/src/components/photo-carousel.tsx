/**
 * A post's photos, one at a time: Previous photo / Next photo buttons, the arrow keys while the
 * carousel has focus, a swipe on touch screens, and a "2 of 3" indicator read out as it changes.
 * The frame takes the first photo's shape (kept between 4:5 and 1.91:1, as Instagram does) before
 * any pixel arrives, so nothing below it moves while photos load; each photo shows its thumbhash
 * until then. A single photo is just the photo.
 */

import type { PostPhotoDto } from '@glimpse/shared';
import { messages } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import styles from './photo-carousel.module.css';
import { PostVideo, RemoteVideoLink } from './post-video.tsx';
import { ResponsiveImage } from './responsive-image.tsx';

interface PhotoCarouselProps {
  photos: PostPhotoDto[];
  /** Said for a photo without its own alt text (the caption, as before alt texts existed). */
  fallbackAlt: string;
  sizes: string;
  priority?: boolean;
  fit?: 'cover' | 'contain';
  className?: string;
  /** The feed's: a video plays muted and looping while most of it is in view (components/post-video.tsx). */
  autoplayVideos?: boolean;
}

const swipeDistance = 40;
const clampRatio = (ratio: number) => Math.min(1.91, Math.max(0.8, ratio));

export function PhotoCarousel({
  photos,
  fallbackAlt,
  sizes,
  priority,
  fit = 'cover',
  className,
  autoplayVideos = false,
}: PhotoCarouselProps) {
  const [index, setIndex] = useState(0);
  const swipeFrom = useRef<number | null>(null);
  const first = photos[0];
  if (!first) return null;
  const count = photos.length;
  const go = (to: number) => setIndex(Math.min(count - 1, Math.max(0, to)));
  const frame = { aspectRatio: String(clampRatio(first.image.width / first.image.height)) };

  if (count === 1) {
    return (
      <div
        className={[styles.frame, fit === 'contain' && styles.contain, className].filter(Boolean).join(' ')}
        style={frame}
      >
        {first.image.video?.remoteUrl ? (
          <RemoteVideoLink image={first.image} alt={first.altText} className={styles.photo} />
        ) : first.image.video?.url ? (
          <PostVideo
            image={first.image}
            alt={first.altText || fallbackAlt}
            autoplay={autoplayVideos}
            className={styles.photo}
          />
        ) : (
          <ResponsiveImage
            image={first.image}
            alt={first.altText || fallbackAlt}
            sizes={sizes}
            priority={priority}
            fit={fit}
            className={styles.photo}
          />
        )}
      </div>
    );
  }

  // Right to left, the next photo lies to the left: arrows and swipes follow the reading direction.
  const forward = () => (document.documentElement.dir === 'rtl' ? -1 : 1);
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') go(index - forward());
    else if (event.key === 'ArrowRight') go(index + forward());
    else return;
    event.preventDefault();
  };
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') swipeFrom.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    if (swipeFrom.current === null) return;
    const distance = event.clientX - swipeFrom.current;
    swipeFrom.current = null;
    if (Math.abs(distance) >= swipeDistance) go(index + (distance < 0 ? forward() : -forward()));
  };

  return (
    <section
      className={[styles.carousel, className].filter(Boolean).join(' ')}
      aria-roledescription="carousel"
      aria-label={t`Photos`}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a focusable carousel takes the arrow keys (WAI-ARIA carousel pattern)
      tabIndex={0}
      onKeyDown={onKeyDown}
      onPointerDown={onPointerDown}
      onPointerUp={onPointerUp}
      onPointerCancel={() => {
        swipeFrom.current = null;
      }}
    >
      <div
        className={[styles.frame, fit === 'contain' && styles.contain].filter(Boolean).join(' ')}
        style={frame}
      >
        {photos.map((photo, i) => (
          // Only the current photo is in the page; the live indicator below says which it is.
          <div key={photo.image.id} className={styles.slide} hidden={i !== index}>
            {photo.image.video?.remoteUrl ? (
              <RemoteVideoLink image={photo.image} alt={photo.altText} className={styles.photo} />
            ) : photo.image.video?.url ? (
              <PostVideo
                image={photo.image}
                alt={photo.altText || fallbackAlt}
                autoplay={autoplayVideos && i === index}
                className={styles.photo}
              />
            ) : (
              <ResponsiveImage
                image={photo.image}
                alt={photo.altText || fallbackAlt}
                sizes={sizes}
                priority={priority && i === 0}
                fit={fit}
                className={styles.photo}
              />
            )}
          </div>
        ))}
        <button
          type="button"
          className={`${styles.arrow} ${styles.previous}`}
          aria-label={t`Previous photo`}
          aria-disabled={index === 0}
          onClick={() => go(index - 1)}
        >
          <ChevronLeft aria-hidden="true" size={22} className="flip-in-rtl" />
        </button>
        <button
          type="button"
          className={`${styles.arrow} ${styles.next}`}
          aria-label={t`Next photo`}
          aria-disabled={index === count - 1}
          onClick={() => go(index + 1)}
        >
          <ChevronRight aria-hidden="true" size={22} className="flip-in-rtl" />
        </button>
      </div>
      <div className={styles.footer}>
        <span className={styles.dots} aria-hidden="true">
          {photos.map((photo, i) => (
            <span key={photo.image.id} className={i === index ? styles.dotCurrent : styles.dot} />
          ))}
        </span>
        <p className={styles.position} aria-live="polite">
          {messages.photos.position(index + 1, count)}
        </p>
      </div>
    </section>
  );
}
