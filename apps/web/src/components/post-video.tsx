/**
 * A post's video item, in a frame sized like a photo's: the poster (with its thumbhash under it)
 * at once, the MP4 when played. Its accessible name is the item's alt text. Always muted at first:
 * React writes no `muted` attribute, so the property is set on the element. `autoplay` (the feed)
 * plays it muted and looping while most of it is in view, as Instagram does, never under
 * `prefers-reduced-motion` or the browser's data saver, with a sound toggle; elsewhere (the post
 * page) it has the browser's controls and plays only when asked.
 */
import type { ImageDto } from '@glimpse/shared';
import { t } from '@lingui/core/macro';
import { ExternalLink, Volume2, VolumeX } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { placeholderUrl } from '@/lib/placeholder.ts';
import styles from './post-video.module.css';

/** Share of the video in view before the feed plays it. */
const inViewShare = 0.6;

const mayPlayByItself = () =>
  !window.matchMedia('(prefers-reduced-motion: reduce)').matches &&
  !(navigator as Navigator & { connection?: { saveData?: boolean } }).connection?.saveData;

export function PostVideo({
  image,
  alt,
  autoplay = false,
  className,
}: {
  image: ImageDto;
  alt: string;
  autoplay?: boolean;
  className?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  const [muted, setMuted] = useState(true);

  useEffect(() => {
    if (video.current) video.current.muted = muted;
  }, [muted]);

  useEffect(() => {
    const element = video.current;
    if (!autoplay || !element || !mayPlayByItself() || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting && entry.intersectionRatio >= inViewShare) {
          element.play().catch(() => undefined);
        } else element.pause();
      },
      { threshold: [0, inViewShare, 1] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [autoplay]);

  const url = image.video?.url;
  if (!url) return null;
  return (
    <div className={[styles.box, className].filter(Boolean).join(' ')}>
      {/* biome-ignore lint/a11y/useMediaCaption: members' clips have no caption track to offer yet; the alt text names the video */}
      <video
        ref={video}
        className={styles.video}
        src={url}
        poster={image.url}
        width={image.width}
        height={image.height}
        aria-label={alt}
        controls={!autoplay}
        loop={autoplay}
        playsInline
        preload="metadata"
        style={
          image.placeholder ? { backgroundImage: `url(${placeholderUrl(image.placeholder)})` } : undefined
        }
      />
      {autoplay && image.video?.hasAudio && (
        <button
          type="button"
          className={styles.sound}
          aria-pressed={!muted}
          aria-label={muted ? t`Turn sound on` : t`Turn sound off`}
          onClick={() => setMuted((was) => !was)}
        >
          {muted ? <VolumeX aria-hidden="true" size={18} /> : <Volume2 aria-hidden="true" size={18} />}
        </button>
      )}
    </div>
  );
}

/**
 * Where a remote video too large to copy here would play: what it is, and a link to the original on
 * the other server (opened only when asked: the page itself loads nothing from there).
 */
export function RemoteVideoLink({
  image,
  alt,
  className,
}: {
  image: ImageDto;
  alt: string;
  className?: string;
}) {
  const remoteUrl = image.video?.remoteUrl;
  if (!remoteUrl) return null;
  return (
    // biome-ignore lint/a11y/useSemanticElements: a group named by the item's alt text, as the video would be; a fieldset is for forms
    <div
      className={[styles.box, styles.remote, className].filter(Boolean).join(' ')}
      role="group"
      aria-label={alt || undefined}
    >
      <p className={styles.remoteText}>{t`Video too large to show here.`}</p>
      <a className={styles.remoteLink} href={remoteUrl} target="_blank" rel="noopener noreferrer nofollow">
        <ExternalLink aria-hidden="true" size={16} />
        <span>{t`Open the original`}</span>
      </a>
    </div>
  );
}
