/**
 * The `blurhash` that Mastodon and Pixelfed put on a photo attachment (and show while the photo
 * loads), made from the thumbhash placeholder every image already has (features/images/pipeline.ts):
 * the thumbhash is rendered back to its ≤ 32 px picture and encoded as a blurhash. Both are a
 * handful of low-frequency cosine components, so the blurhash loses nothing the photo would have
 * given it, and no column, migration or backfill is needed: every image, old or new, has one.
 *
 * Fedify's vocabulary has no blurhash, so `PhotoImage` adds it to its JSON-LD as Mastodon's
 * `toot:blurhash`, and the documents that embed it (objects/note.ts) define the `blurhash` term in
 * their `@context`, so that the key is the plain `blurhash` Mastodon reads and still expands to
 * `http://joinmastodon.org/ns#blurhash` for a JSON-LD processor.
 */
import { Image, Video } from '@fedify/vocab';

const tootNamespace = 'http://joinmastodon.org/ns#';
const blurhashIri = `${tootNamespace}blurhash`;

/** Mastodon's own definition (its context_helper.rb `blurhash`). */
export const blurhashTerms = { toot: tootNamespace, blurhash: 'toot:blurhash' } as const;

/** What Fedify's toJsonLd takes. */
export type JsonLdOptions = { format?: 'compact' | 'expand'; context?: unknown; contextLoader?: unknown };
type Node = Record<string, unknown>;

/** Fedify's Image with Mastodon's `blurhash` (null: none, the attachment is sent without). */
export class PhotoImage extends Image {
  blurhash: string | null = null;

  /**
   * Its expanded form, which is what a document embedding it compacts (objects/note.ts): only
   * there is the `blurhash` term defined. Serialized on its own it is Fedify's Image.
   */
  // biome-ignore lint/suspicious/noExplicitAny: Fedify's toJsonLd returns unknown JSON.
  override async toJsonLd(options: JsonLdOptions = {}): Promise<any> {
    if (this.blurhash === null || options.format !== 'expand') return super.toJsonLd(options as never);
    const [node] = (await super.toJsonLd(options as never)) as Node[];
    return [{ ...node, [blurhashIri]: [{ '@value': this.blurhash }] }];
  }

  override clone(...args: Parameters<Image['clone']>): Image {
    const copy = super.clone(...args) as PhotoImage;
    copy.blurhash = this.blurhash;
    return copy;
  }
}

/**
 * Fedify's Video with Mastodon's `blurhash`, as `PhotoImage` adds it to an Image: a video item's
 * attachment (its `icon` the poster), the way Mastodon sends one.
 */
export class BlurhashedVideo extends Video {
  blurhash: string | null = null;

  // biome-ignore lint/suspicious/noExplicitAny: Fedify's toJsonLd returns unknown JSON.
  override async toJsonLd(options: JsonLdOptions = {}): Promise<any> {
    if (this.blurhash === null || options.format !== 'expand') return super.toJsonLd(options as never);
    const [node] = (await super.toJsonLd(options as never)) as Node[];
    return [{ ...node, [blurhashIri]: [{ '@value': this.blurhash }] }];
  }

  override clone(...args: Parameters<Video['clone']>): Video {
    const copy = super.clone(...args) as BlurhashedVideo;
    copy.blurhash = this.blurhash;
    return copy;
  }
}
