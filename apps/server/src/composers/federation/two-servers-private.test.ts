/**
 * A private member across two Glimpse servers, as two-servers.test.ts runs them: a
 * remote Follow waits for approval (Requested on the follower's server until the Accept arrives),
 * Undo takes a waiting request back and it can be sent again, Decline answers Reject, and a
 * followers-only post travels `to` the followers collection alone, arrives followers only, and is
 * a 404 to an unsigned fetch of its id while the follower's server, signing, gets it.
 */
import type { FollowRequestDto, PostDto, PublicProfileDto, UserSearchResultDto } from '@glimpse/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestContext } from '#test/context.ts';
import { type PairedServer, pairOrigins, type ServerPair, startServerPair } from '#test/server-pair.ts';
import { followRequests, posts } from '../../db/schema.ts';
import { federationContext } from './context.ts';

const names = { a: 'a.private.test', b: 'b.private.test' };
const ports = { a: 3122, b: 3123 };
const origins = pairOrigins(names, ports);
let pair: ServerPair;
let a: PairedServer;
let b: PairedServer;
const settle = () => pair.settle();

beforeAll(async () => {
  pair = await startServerPair(names, ports);
  ({ a, b } = pair);
}, 60_000);
afterAll(() => pair?.close());

type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;
const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T;

describe('a private member and another server', () => {
  let carla: Member;
  let dan: Member;
  let eve: Member;
  let carlaOnB: string;

  const profileOnB = (member: Member) => json<PublicProfileDto>(member.get(`/api/profiles/${carlaOnB}`));
  const waitingOnA = async () => json<FollowRequestDto[]>(carla.get('/api/follow-requests'));
  /** A remote account's first name here is its whole display name ("Dan Lovelace"): its first word. */
  const requesters = async () => (await waitingOnA()).map((r) => r.requester.firstName.split(' ')[0]).sort();

  it('says it approves its followers, and a remote Follow waits: Requested until approved', async () => {
    carla = await a.t.signUpWithProfile({ firstName: 'Carla', username: 'carla' });
    dan = await b.t.signUpWithProfile({ firstName: 'Dan', username: 'dan' });
    eve = await b.t.signUpWithProfile({ firstName: 'Eve', username: 'eve' });
    expect((await carla.put('/api/me/privacy', { isPrivate: true })).status).toBe(200);
    const found = await json<UserSearchResultDto[]>(
      dan.get(`/api/search/users?q=${encodeURIComponent(`@carla@${names.a}:${ports.a}`)}`),
    );
    carlaOnB = found[0]!.userId;

    expect(await json(dan.put(`/api/users/${carlaOnB}/follow`))).toMatchObject({ requested: true });
    await settle();
    expect(await profileOnB(dan)).toMatchObject({ followedByMe: false, followRequested: true });
    expect(await requesters()).toEqual(['Dan']);
  });

  it('takes a waiting request back with Undo, and lets it be sent again', async () => {
    await eve.put(`/api/users/${carlaOnB}/follow`);
    await settle();
    expect(await requesters()).toEqual(['Dan', 'Eve']);
    expect((await eve.delete(`/api/users/${carlaOnB}/follow`)).status).toBe(200);
    await settle();
    expect(await requesters()).toEqual(['Dan']);
    expect(await profileOnB(eve)).toMatchObject({ followedByMe: false, followRequested: false });
    await eve.put(`/api/users/${carlaOnB}/follow`);
    await settle();
    expect(await requesters()).toEqual(['Dan', 'Eve']);
  });

  it('approving sends Accept (following on both sides); declining sends Reject (Follow again)', async () => {
    const waiting = await waitingOnA();
    const idOf = (name: string) =>
      waiting.find((r) => r.requester.firstName.startsWith(name))!.requester.userId;
    expect((await carla.post(`/api/follow-requests/${idOf('Dan')}/approve`)).status).toBe(200);
    expect((await carla.post(`/api/follow-requests/${idOf('Eve')}/decline`)).status).toBe(200);
    await settle();
    expect(await profileOnB(dan)).toMatchObject({ followedByMe: true, followRequested: false });
    expect(await profileOnB(eve)).toMatchObject({ followedByMe: false, followRequested: false });
    const pending = await b.t.db
      .select()
      .from(followRequests)
      .where(and(eq(followRequests.followerId, eve.id), eq(followRequests.followeeId, carlaOnB)));
    expect(pending).toEqual([]);
  });

  it('delivers a followers-only post to the followers alone, and keeps it from everyone else', async () => {
    const post = await a.t.postPhoto(carla, 'Garden party #family');
    expect(post.audience).toBe('followers');
    await settle();

    const feed = await json<{ items: PostDto[] }>(dan.get('/api/feed'));
    const arrived = feed.items.find((item) => item.caption === 'Garden party #family');
    expect(arrived).toBeDefined();
    // It came without Public in to or cc: it is stored followers only on B.
    expect(arrived!.audience).toBe('followers');
    const [stored] = await b.t.db
      .select({ audience: posts.audience })
      .from(posts)
      .where(eq(posts.id, arrived!.id));
    expect(stored!.audience).toBe('followers');

    // Eve, on the same server but not a follower, cannot open it, find it or see it in Explore.
    expect((await eve.get(`/api/posts/${arrived!.id}`)).status).toBe(404);
    expect(JSON.stringify(await json(eve.get('/api/posts')))).not.toContain('Garden party');
    expect(JSON.stringify(await json(eve.get('/api/search/posts?q=garden')))).not.toContain('Garden party');

    // The Note's id: 404 unsigned, served to a fetch signed by the follower's server.
    const noteUrl = `${origins.a}/postdetail/${post.id}`;
    const unsigned = await a.t.app.request(noteUrl, { headers: { accept: 'application/activity+json' } });
    expect(unsigned.status).toBe(404);
    const loader = await federationContext(b.t.deps).getDocumentLoader({ identifier: dan.id });
    const signed = await loader(noteUrl);
    expect(signed.document).toMatchObject({
      type: 'Note',
      to: `${origins.a}/ap/users/${carla.id}/followers`,
    });
    expect(JSON.stringify(signed.document)).not.toContain('as:Public');

    // While Carla's account is private, a post made public still goes to her followers alone.
    // Once it is not, the audience changes with an edit on A, and B's copy follows: public for
    // everyone there, then followers only again, hidden from Eve once more.
    expect((await carla.put('/api/me/privacy', { isPrivate: false })).status).toBe(200);
    const edit = (audience: 'public' | 'followers') =>
      carla.request(`/api/posts/${post.id}`, {
        method: 'PATCH',
        json: { caption: 'Garden party #family', altTexts: [''], sensitive: false, audience },
      });
    expect((await edit('public')).status).toBe(200);
    await settle();
    expect((await eve.get(`/api/posts/${arrived!.id}`)).status).toBe(200);
    expect((await json<PostDto>(dan.get(`/api/posts/${arrived!.id}`))).audience).toBe('public');
    expect((await edit('followers')).status).toBe(200);
    await settle();
    expect((await eve.get(`/api/posts/${arrived!.id}`)).status).toBe(404);
    expect((await json<PostDto>(dan.get(`/api/posts/${arrived!.id}`))).audience).toBe('followers');
  });
});
