/**
 * The MediaAttachment entity (docs.joinmastodon.org/entities/MediaAttachment; Mastodon's
 * REST::MediaAttachmentSerializer): one photo of a post, or an upload not posted yet. `url` is the
 * largest stored size, `preview_url` the smallest, `meta` their sizes, `blurhash` made from the
 * thumbhash placeholder every image has.
 */
import type { ImageDto } from '@glimpse/shared';
import { blurhashOfPlaceholder } from '../../../core/blurhash.ts';
import { absoluteUrl } from './urls.ts';

export interface MastodonMediaAttachment {
  id: string;
  type: 'image' | 'video' | 'gifv' | 'audio' | 'unknown';
  url: string | null;
  preview_url: string | null;
  remote_url: string | null;
  preview_remote_url: string | null;
  text_url: string | null;
  meta: {
    /** A video's: Mastodon's `length` ("0:01:05.03"), `duration` in seconds, `fps` (as a number here). */
    length?: string;
    duration?: number;
    fps?: number;
    original?: {
      width: number;
      height: number;
      size: string;
      aspect: number;
      frame_rate?: string;
      duration?: number;
    };
    small?: { width: number; height: number; size: string; aspect: number };
    focus?: { x: number; y: number };
  };
  description: string | null;
  blurhash: string | null;
}

/** The URLs and widths of an image's `srcset`, smallest first. */
function sizesOf(image: ImageDto) {
  return image.srcset
    .split(', ')
    .map((entry) => {
      const [url = '', width = '0w'] = entry.split(' ');
      return { url, width: Number.parseInt(width, 10) };
    })
    .filter((size) => size.url && size.width > 0)
    .sort((a, b) => a.width - b.width);
}

/**
 * Blurhashes made so far, by placeholder (a pure function of it): encoding one costs ~0.4 ms of CPU
 * (1.5 ms on a busy machine), and a timeline page shows dozens of photos that the next page or the
 * next reader shows again. The oldest is forgotten past `blurhashesKept` (~2 MB).
 */
const blurhashes = new Map<string, string | null>();
const blurhashesKept = 20_000;

function blurhashOf(placeholder: string): string | null {
  const known = blurhashes.get(placeholder);
  if (known !== undefined) return known;
  const made = blurhashOfPlaceholder(placeholder);
  if (blurhashes.size >= blurhashesKept) blurhashes.delete(blurhashes.keys().next().value as string);
  blurhashes.set(placeholder, made);
  return made;
}

const sized = (width: number, height: number) => ({
  width,
  height,
  size: `${width}x${height}`,
  aspect: height > 0 ? width / height : 1,
});

export function serializeImageAttachment(
  image: ImageDto,
  altText: string,
  publicUrl: string,
): MastodonMediaAttachment {
  const absolute = (url: string) => absoluteUrl(url, publicUrl);
  const [smallest] = sizesOf(image);
  const smallWidth = smallest ? Math.min(smallest.width, image.width) : image.width;
  const smallHeight = image.width > 0 ? Math.round((image.height * smallWidth) / image.width) : image.height;
  const common = {
    id: image.id,
    remote_url: null,
    preview_remote_url: null,
    text_url: null,
    description: altText || null,
    blurhash: image.placeholder ? blurhashOf(image.placeholder) : null,
  };
  const small = sized(smallWidth, smallHeight);
  if (image.video?.remoteUrl) {
    // As Mastodon gives remote media it did not copy: `unknown`, with the original's address for
    // the app to link to. No `url`: an app would load it from the other server by itself.
    return {
      ...common,
      type: 'unknown',
      url: null,
      preview_url: null,
      remote_url: image.video.remoteUrl,
      meta: {},
    };
  }
  if (image.video) {
    // As Mastodon serializes a video: `url` the MP4 (null while processing), `preview_url` the poster.
    const seconds = image.video.durationMs / 1000;
    const fps = Math.round(image.video.fps * 100) / 100;
    return {
      ...common,
      type: 'video',
      url: image.video.url ? absolute(image.video.url) : null,
      preview_url: absolute(smallest?.url ?? image.url),
      meta: {
        length: videoLength(seconds),
        duration: seconds,
        fps,
        original: { ...sized(image.width, image.height), frame_rate: `${fps}/1`, duration: seconds },
        small,
      },
    };
  }
  return {
    ...common,
    type: 'image',
    url: absolute(image.url),
    preview_url: absolute(smallest?.url ?? image.url),
    meta: { original: sized(image.width, image.height), small },
  };
}

/** Mastodon's `length`: `h:mm:ss.cc`. */
function videoLength(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = (seconds % 60).toFixed(2).padStart(5, '0');
  return `${hours}:${String(minutes).padStart(2, '0')}:${rest}`;
}
