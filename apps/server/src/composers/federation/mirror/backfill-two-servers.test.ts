/**
 * Backfill between two Glimpse servers (backfill.ts reading objects/collections.ts's outbox): Bob on B has
 * posted before anyone on A knew him; Ana on A looks him up by `@bob@host` and his profile at A
 * shows his public photo post, its photo served from A's origin, and not his followers-only one.
 */
import type { NotificationDto, PostDto, UserSearchResultDto } from '@glimpse/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PairedServer, type ServerPair, startServerPair } from '#test/server-pair.ts';

const names = { a: 'a.backfill.test', b: 'b.backfill.test' };
const ports = { a: 3175, b: 3176 };
let pair: ServerPair;
let a: PairedServer;
let b: PairedServer;

beforeAll(async () => {
  pair = await startServerPair(names, ports);
  ({ a, b } = pair);
}, 60_000);
afterAll(() => pair?.close());

describe('backfill between two Glimpse servers', () => {
  it('Ana on A looks up @bob@B and sees his earlier public photo post on his profile, the photo from A', async () => {
    const bob = await b.t.signUpWithProfile({ firstName: 'Bob', lastName: 'Bee', username: 'bob' });
    const ana = await a.t.signUpWithProfile({ firstName: 'Ana', lastName: 'Ant', username: 'ana' });
    const shared = await b.t.postPhoto(bob, 'Low tide #harbour');
    // A followers-only post of his: B's outbox does not list it, and A would not take it.
    const hidden = await b.t.postPhoto(bob, 'Only for followers');
    expect(
      (
        await bob.request(`/api/posts/${hidden.id}`, {
          method: 'PATCH',
          json: { caption: 'Only for followers', altTexts: [''], sensitive: false, audience: 'followers' },
        })
      ).status,
    ).toBe(200);

    const found = await ana.get(`/api/search/users?q=${encodeURIComponent(`@bob@${names.b}:${ports.b}`)}`);
    expect(found.status).toBe(200);
    const [bobOnA] = (await found.json()) as UserSearchResultDto[];
    expect(bobOnA).toBeDefined();
    await pair.settle();

    const page = (await (await ana.get(`/api/users/${bobOnA!.userId}/posts`)).json()) as { items: PostDto[] };
    expect(page.items.map((post) => post.caption)).toEqual(['Low tide #harbour']);
    const [post] = page.items;
    expect(post!.createdAt).toBe(shared.createdAt);
    const photoUrl = post!.photos[0]!.image.url;
    expect(photoUrl.startsWith('/media/')).toBe(true);
    const photo = await a.t.app.request(photoUrl);
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/webp');

    // Nobody was told anything, on either side.
    for (const member of [ana, bob]) {
      const notices = (await (await member.get('/api/notifications')).json()) as { items: NotificationDto[] };
      expect(notices.items).toHaveLength(0);
    }
  });
});
