/**
 * Places on the server: a post's Location (one place per spelling up to case, accents and
 * spaces), its page /locations/{slug} under the audience rule, edits, bad input refused with
 * nothing stored, the Location field's suggestions (places and public events' places) and the
 * Places search tab, and a photo's EXIF GPS never reaching a place.
 */
import type { LocationPageDto, PlaceSuggestionDto, PostDto } from '@glimpse/shared';
import { limits } from '@glimpse/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { exifHasGps, imageForm, makeJpegWithGps } from '#test/images.ts';
import * as schema from '../../db/schema.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

type Member = Awaited<ReturnType<TestContext['signedInMembers']>>[number];
const json = async <T>(response: Response) => (await response.json()) as T;

async function imageOf(ownerId: string) {
  return (await t.insertImage(ownerId)).id;
}

const postAs = async (member: Member, body: Record<string, unknown>) =>
  member.post('/api/posts', { photos: [{ imageId: await imageOf(member.id) }], caption: 'Here', ...body });
const placedPost = async (member: Member, body: Record<string, unknown>) => {
  const response = await postAs(member, body);
  expect(response.status).toBe(201);
  return json<PostDto>(response);
};
const follow = async (follower: Member, followee: Member) =>
  expect((await follower.put(`/api/users/${followee.id}/follow`)).status).toBe(200);

describe('a post’s location', () => {
  it('is one place for every spelling up to case, accents and spaces; its page lists them newest first', async () => {
    const [ana, ben, viewer] = await t.signedInMembers(3);
    const first = await placedPost(ana!, {
      location: { name: ' Café de Flore ', latitude: 48.854, longitude: 2.3326 },
    });
    expect(first.place).toEqual({
      name: 'Café de Flore',
      slug: 'cafe-de-flore',
      latitude: 48.854,
      longitude: 2.3326,
    });
    const second = await placedPost(ben!, { location: { name: 'CAFE  DE   flore' } });
    expect(second.place).toEqual({
      name: 'Café de Flore',
      slug: 'cafe-de-flore',
      latitude: null,
      longitude: null,
    });

    const page = await json<LocationPageDto>(await viewer!.get('/api/locations/cafe-de-flore/posts'));
    expect(page.name).toBe('Café de Flore');
    expect(page.items.map((post) => post.id)).toEqual([second.id, first.id]);
    // The newest point among the posts the viewer sees, each the author's own.
    expect(page.coordinates).toEqual({ latitude: 48.854, longitude: 2.3326 });

    // Letters of other scripts keep their own slug.
    const arabic = await placedPost(ana!, { location: { name: 'مقهى الفيشاوي' } });
    expect(arabic.place?.slug).toBe('مقهى-الفيشاوي');
    const opened = await viewer!.get(`/api/locations/${encodeURIComponent('مقهى-الفيشاوي')}/posts`);
    expect((await json<LocationPageDto>(opened)).items.map((post) => post.id)).toEqual([arabic.id]);
  });

  it('its page shows only posts the viewer may see, and no point only a hidden post carries', async () => {
    const [author, follower, stranger, blocker] = await t.signedInMembers(4);
    await follow(follower!, author!);
    const hidden = await placedPost(author!, {
      audience: 'followers',
      location: { name: 'Grandma’s garden', latitude: 51.5, longitude: -0.12 },
    });
    const slug = hidden.place!.slug;
    const page = (member: Member) =>
      member.get(`/api/locations/${encodeURIComponent(slug)}/posts`).then((r) => json<LocationPageDto>(r));
    expect((await page(follower!)).items.map((post) => post.id)).toEqual([hidden.id]);
    expect((await page(follower!)).coordinates).toEqual({ latitude: 51.5, longitude: -0.12 });
    // Nothing there for a stranger: no page, so not even the name.
    const strangers = await stranger!.get(`/api/locations/${encodeURIComponent(slug)}/posts`);
    expect(strangers.status).toBe(404);
    expect(await strangers.text()).not.toContain('Grandma');

    const open = await placedPost(author!, { location: { name: 'grandma’s garden' } });
    expect((await page(stranger!)).items.map((post) => post.id)).toEqual([open.id]);
    expect((await page(stranger!)).coordinates).toBeNull();
    expect((await blocker!.put(`/api/users/${author!.id}/block`)).status).toBe(200);
    expect((await blocker!.get(`/api/locations/${encodeURIComponent(slug)}/posts`)).status).toBe(404);

    // Signed out: 401; a slug no post named, or no slug at all: 404.
    expect((await t.client().get(`/api/locations/${encodeURIComponent(slug)}/posts`)).status).toBe(401);
    expect((await stranger!.get('/api/locations/nowhere-at-all/posts')).status).toBe(404);
    expect((await stranger!.get('/api/locations/%20%2F/posts')).status).toBe(404);
  });

  it('refuses a name too long, half a point or one off the globe (400) and stores nothing', async () => {
    const [member] = await t.signedInMembers(1);
    const before = { posts: await t.countRows(schema.posts), places: await t.countRows(schema.places) };
    const bad = [
      { name: 'x'.repeat(limits.placeNameMax + 1) },
      { name: '   ' },
      { name: 'Somewhere', latitude: 10 },
      { name: 'Somewhere', latitude: 91, longitude: 0 },
      { name: 'Somewhere', latitude: 0, longitude: 'east' },
      'Somewhere',
    ];
    for (const location of bad) {
      const response = await postAs(member!, { location });
      expect(response.status, JSON.stringify(location)).toBe(400);
    }
    expect(await t.countRows(schema.posts)).toBe(before.posts);
    expect(await t.countRows(schema.places)).toBe(before.places);
  });

  it('an edit sets, moves and removes it; leaving it out keeps it; only the author edits', async () => {
    const [author, other] = await t.signedInMembers(2);
    const post = await placedPost(author!, {});
    expect(post.place).toBeNull();
    const edit = (member: Member, body: Record<string, unknown>) =>
      member.request(`/api/posts/${post.id}`, {
        method: 'PATCH',
        json: { caption: 'Here', altTexts: [''], ...body },
      });
    expect((await edit(other!, { location: { name: 'Elsewhere' } })).status).toBe(403);
    const placed = await json<PostDto>(
      await edit(author!, { location: { name: 'Lisbon', latitude: 38.72, longitude: -9.14 } }),
    );
    expect(placed.place).toMatchObject({ name: 'Lisbon', latitude: 38.72, longitude: -9.14 });
    // Not a version of the words: the history stays one version long.
    expect(placed.editedAt).toBeNull();
    const kept = await json<PostDto>(await edit(author!, { caption: 'Here again' }));
    expect(kept.place).toMatchObject({ name: 'Lisbon' });
    const moved = await json<PostDto>(await edit(author!, { location: { name: 'Porto' } }));
    expect(moved.place).toEqual({ name: 'Porto', slug: 'porto', latitude: null, longitude: null });
    const removed = await json<PostDto>(await edit(author!, { location: null }));
    expect(removed.place).toBeNull();
    // Its one post moved away: Porto is no page for anyone now.
    expect((await other!.get('/api/locations/porto/posts')).status).toBe(404);
  });
});

describe('suggestions and search', () => {
  it('suggests places by start or near spelling, and public events’ places; never one only hidden posts name', async () => {
    const [author, follower, searcher] = await t.signedInMembers(3);
    await follow(follower!, author!);
    await placedPost(author!, { location: { name: 'Jardin du Luxembourg' } });
    await placedPost(author!, { audience: 'followers', location: { name: 'Jardin secret de Mamie' } });
    const event = await author!.post('/api/events', {
      title: 'Picnic',
      startsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      website: 'https://picnic.example.com',
      description: 'Bring bread.',
      place: 'Jardin des Plantes',
      latitude: 48.8439,
      longitude: 2.3596,
    });
    expect(event.status).toBe(201);

    const suggested = await json<PlaceSuggestionDto[]>(
      await searcher!.get('/api/places/suggestions?q=jardin'),
    );
    expect(suggested).toContainEqual({
      name: 'Jardin du Luxembourg',
      slug: 'jardin-du-luxembourg',
      latitude: null,
      longitude: null,
      postCount: 1,
    });
    expect(suggested).toContainEqual({
      name: 'Jardin des Plantes',
      slug: null,
      latitude: 48.8439,
      longitude: 2.3596,
      postCount: 0,
    });
    // A later word of the name, near spellings and accents find it too.
    const word = await json<PlaceSuggestionDto[]>(await searcher!.get('/api/places/suggestions?q=luxemb'));
    expect(word.map((place) => place.name)).toEqual(['Jardin du Luxembourg']);
    const typo = await json<PlaceSuggestionDto[]>(
      await searcher!.get('/api/places/suggestions?q=luxembourgh'),
    );
    expect(typo.map((place) => place.name)).toContain('Jardin du Luxembourg');
    // A name only a followers-only post carries is offered to nobody, its author's follower included.
    for (const member of [searcher!, follower!]) {
      const found = await member.get('/api/places/suggestions?q=secret').then((r) => r.text());
      expect(found).not.toContain('Mamie');
    }
    // The Places tab: places with a page only.
    const tab = await json<PlaceSuggestionDto[]>(await searcher!.get('/api/search/places?q=jardin'));
    expect(tab.map((place) => place.slug)).toEqual(['jardin-du-luxembourg']);
    expect((await t.client().get('/api/places/suggestions?q=jardin')).status).toBe(401);
    expect(
      (await searcher!.get(`/api/search/places?q=${'x'.repeat(limits.searchQueryMax + 1)}`)).status,
    ).toBe(400);
  });
});

describe('EXIF GPS', () => {
  it('never becomes a place: the upload strips it, and a post’s place is only what its author typed', async () => {
    const [member] = await t.signedInMembers(1);
    const photo = await makeJpegWithGps();
    expect(exifHasGps((await sharp(photo).metadata()).exif)).toBe(true);
    const upload = await member!.request('/api/images', { method: 'POST', body: imageForm(photo, 'post') });
    expect(upload.status).toBe(201);
    const image = await json<{ id: string; url: string }>(upload);
    const stored = Buffer.from(await (await member!.get(image.url)).arrayBuffer());
    expect(exifHasGps((await sharp(stored).metadata()).exif)).toBe(false);

    const unplaced = await json<PostDto>(
      await member!.post('/api/posts', { photos: [{ imageId: image.id }], caption: 'No place' }),
    );
    expect(unplaced.place).toBeNull();
    const before = await t.countRows(schema.places);
    const second = await member!.request('/api/images', { method: 'POST', body: imageForm(photo, 'post') });
    const named = await json<PostDto>(
      await member!.post('/api/posts', {
        photos: [{ imageId: (await json<{ id: string }>(second)).id }],
        caption: 'Named only',
        location: { name: 'Somewhere in Paris' },
      }),
    );
    expect(named.place).toEqual({
      name: 'Somewhere in Paris',
      slug: 'somewhere-in-paris',
      latitude: null,
      longitude: null,
    });
    expect(await t.countRows(schema.places)).toBe(before + 1);
  });
});
