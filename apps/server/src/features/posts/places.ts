/**
 * Places posts were taken at: the row a Location names (one per spelling up to case, accents and
 * spaces: `place_key`, migration 0045), and its page, /locations/{slug}. Suggestions while typing
 * and the Places search tab are composers/search's, which also read events' places.
 */
import type { LocationPageDto, PostLocationInput } from '@glimpse/shared';
import { limits, messages } from '@glimpse/shared';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { ServiceArgs } from '../../core/service.ts';
import type { Db } from '../../db/client.ts';
import { places, posts } from '../../db/schema.ts';
import { type Cursor, keyset, toPage } from '../../lib/cursor.ts';
import { notFound } from '../../lib/errors.ts';
import { selectPostsForViewer, toPostDto } from './queries.ts';

const newestFirst = keyset(posts.createdAt, posts.id, 'newestFirst');
const slugMax = 80;

/**
 * A place's address from its name: letters and digits of any script, lower case, accents dropped,
 * the rest as single dashes ("Café de Flore" → cafe-de-flore). The first spelling's, kept forever.
 */
export function placeSlug(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  return [...slug].slice(0, slugMax).join('').replace(/-+$/, '') || 'place';
}

/**
 * The place a post names, made on first use. A name already known up to `place_key` is that
 * place, whoever wrote it first; a new name whose slug another spelling already holds ("Köln" and
 * "Koln!" differ in key only by punctuation) gets the slug with a short suffix from its key.
 */
export async function placeIdFor(tx: Db, name: string): Promise<string> {
  const base = placeSlug(name);
  await tx.execute(sql`
    insert into ${places} (name, slug)
    select ${name}, case when exists (select 1 from ${places} where slug = ${base})
      then ${base} || '-' || left(md5(place_key(${name})), 6) else ${base} end
    on conflict (name_key) do nothing`);
  const [row] = await tx
    .select({ id: places.id })
    .from(places)
    .where(eq(places.nameKey, sql`place_key(${name})`));
  return row!.id;
}

/** A post's place columns for its Location: none when null or omitted. */
export async function placeColumns(tx: Db, location: z.output<typeof PostLocationInput> | null | undefined) {
  if (!location) return { placeId: null, placeLatitude: null, placeLongitude: null };
  return {
    placeId: await placeIdFor(tx, location.name),
    placeLatitude: location.latitude ?? null,
    placeLongitude: location.longitude ?? null,
  };
}

/**
 * /locations/{slug}: the posts taken there that the viewer may see (the audience rule, their
 * blocks and mutes: as a feed), newest first on posts_place_created_idx. 404 for a slug no post
 * named, and for a place none of whose posts the viewer may see.
 */
export async function getLocationPage({
  ctx: { db, storage, actor },
  input: { slug, cursor },
}: ServiceArgs<
  'db' | 'storage' | 'actor',
  { slug: string; cursor: Cursor | null }
>): Promise<LocationPageDto> {
  const [place] = await db
    .select({ id: places.id, name: places.name, slug: places.slug })
    .from(places)
    .where(eq(places.slug, slug));
  if (!place) throw notFound(messages.places.notFound);
  const rows = await selectPostsForViewer(db, actor.id, posts.createdAt, { muted: true })
    .where(and(eq(posts.placeId, place.id), newestFirst.after(cursor)))
    .orderBy(...newestFirst.orderBy)
    .limit(limits.pageSize + 1);
  // Nothing there the viewer may see, on the first page: no page for them, so its name (which a
  // followers-only post alone may carry) is not shown either.
  if (!cursor && rows.length === 0) throw notFound(messages.places.notFound);
  const page = toPage(
    rows,
    limits.pageSize,
    (row) => toPostDto(storage, row),
    (row) => ({ at: row.activityAt, id: row.post.id }),
  );
  const pinned = page.items.find((post) => post.place?.latitude != null)?.place;
  return {
    name: place.name,
    slug: place.slug,
    coordinates:
      pinned?.latitude != null && pinned.longitude != null
        ? { latitude: pinned.latitude, longitude: pinned.longitude }
        : null,
    ...page,
  };
}
