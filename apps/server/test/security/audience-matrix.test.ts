/**
 * The audience matrix: every API read route, from the app's own route table, asked by
 * every kind of viewer in audience-world.ts; no answer to a viewer who may not see a hidden post
 * or event contains its words, photo file names or id. The follower is the positive control: they
 * must find the hidden things where the entry says so. Then the reads outside /api: ActivityPub
 * (actor, outbox, the Note's id), the media files and calendar downloads.
 */
import { Note } from '@fedify/vocab';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { federationContext } from '../../src/composers/federation/context.ts';
import { createTestContext, type TestContext } from '../context.ts';
import { buildWorld, secret, secretTag, type ViewerKind, viewerKinds, type World } from './audience-world.ts';
import { readTable } from './read-table.ts';
import { routeKeys } from './scene.ts';

const origin = 'https://glimpse.example:8443';

let t: TestContext;
let world: World;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: origin, TRUSTED_ORIGINS: 'http://localhost:3000' });
  world = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

/** What must not reach a viewer who may not see the hidden things. */
function forbiddenIn(w: World): string[] {
  return [secret, ...w.photoStems, ...Object.values(w.posts), ...Object.values(w.events)];
}

const leaksIn = (text: string, w: World) => forbiddenIn(w).filter((needle) => text.includes(needle));

/** Explore, tags and search never show a followers-only post, not even to a follower. */
const strangersLists =
  /^GET \/api\/(posts|tags\/:tag\/posts|search\/posts|search\/tags|search\/events|trending\/tags)$/;

const bodyOf = async (response: Response) => Buffer.from(await response.arrayBuffer()).toString('latin1');

describe('the read table', () => {
  it('has an entry for every API read route, and none for a route that is gone', () => {
    const reads = routeKeys(t.app).filter(
      (key) => key.startsWith('GET /api/') && !key.startsWith('GET /api/auth/'),
    );
    const missing = reads.filter((key) => !(key in readTable));
    const stale = Object.keys(readTable).filter((key) => !reads.includes(key));
    expect(missing, `Add these reads to security/reads/<feature>.ts:\n${missing.join('\n')}`).toEqual([]);
    expect(stale, 'These entries name routes the app no longer has').toEqual([]);
  });
});

describe.each(Object.entries(readTable))('%s', (key, entry) => {
  const hiddenFrom = viewerKinds.filter((kind) => kind !== 'follower');
  it.each(hiddenFrom)(`leaks nothing to %s: ${entry.rule}`, async (viewer: ViewerKind) => {
    for (const path of await entry.paths(world, viewer)) {
      const response = await world.viewers[viewer].get(path);
      expect(response.status, path).toBeLessThan(500);
      expect(leaksIn(await bodyOf(response), world), `${viewer} ${path}`).toEqual([]);
    }
  });

  if (entry.seenBy?.includes('follower')) {
    it('shows the hidden things to an approved follower', async () => {
      const texts = await Promise.all(
        (await entry.paths(world, 'follower')).map(async (path) =>
          bodyOf(await world.viewers.follower.get(path)),
        ),
      );
      expect(texts.some((text) => leaksIn(text, world).length > 0)).toBe(true);
    });
  } else if (strangersLists.test(key)) {
    it('shows no followers-only thing even to a follower', async () => {
      for (const path of await entry.paths(world, 'follower')) {
        expect(leaksIn(await bodyOf(await world.viewers.follower.get(path)), world), path).toEqual([]);
      }
    });
  }
});

describe('tag names', () => {
  it('are not suggested to anyone when only hidden posts carry them', async () => {
    for (const viewer of viewerKinds) {
      const response = await world.viewers[viewer].get(`/api/search/tags?q=${secretTag}`);
      expect(await response.text(), viewer).not.toContain(`"${secretTag}"`);
    }
  });
});

describe('outside the API', () => {
  const activityJson = { accept: 'application/activity+json' };

  it('answers 404 to an unsigned fetch of a hidden post’s Note, and serves a public one', async () => {
    for (const id of Object.values(world.posts)) {
      const response = await t.app.request(`${origin}/postdetail/${id}`, { headers: activityJson });
      expect(response.status, id).toBe(404);
      expect(leaksIn(await response.text(), world)).toEqual([]);
    }
    const open = await t.postPhoto(
      world.viewers.other as Parameters<TestContext['postPhoto']>[0],
      'Open to all',
    );
    const response = await t.app.request(`${origin}/postdetail/${open.id}`, { headers: activityJson });
    expect(response.status).toBe(200);
    const note = (await response.json()) as { to: string | string[]; cc?: string | string[] };
    expect(JSON.stringify(note.to)).toMatch(/as:Public|activitystreams#Public/);
  });

  it('leaves hidden posts out of the outbox and says the private account approves its followers', async () => {
    const actor = await t.app.request(`${origin}/userpublicfeed/${world.alice.id}`, {
      headers: activityJson,
    });
    expect(actor.status).toBe(200);
    const person = (await actor.json()) as { manuallyApprovesFollowers: boolean; outbox: string };
    expect(person.manuallyApprovesFollowers).toBe(true);
    for (const userId of [world.alice.id, world.carol.id]) {
      const outbox = await t.app.request(`${origin}/ap/users/${userId}/outbox`, { headers: activityJson });
      const page = await t.app.request(`${origin}/ap/users/${userId}/outbox?cursor=`, {
        headers: activityJson,
      });
      expect(leaksIn(`${await outbox.text()}${await page.text()}`, world)).toEqual([]);
      expect(
        (
          JSON.parse(
            await (
              await t.app.request(`${origin}/ap/users/${userId}/outbox`, { headers: activityJson })
            ).text(),
          ) as { totalItems: number }
        ).totalItems,
      ).toBe(0);
    }
  });

  it('addresses a followers-only Note to the followers collection alone', async () => {
    const ctx = federationContext(t.deps);
    const { noteOf } = await import('../../src/composers/federation/objects/note.ts');
    const note = await noteOf(ctx, world.posts.carolFollowers);
    expect(note).not.toBeNull();
    const addressed = [...note!.toIds, ...note!.ccIds].map((url) => url.href);
    expect(addressed).toEqual([ctx.getFollowersUri(world.carol.id).href]);
    expect(ctx.getObjectUri(Note, { id: world.posts.carolFollowers }).pathname).toBe(
      `/postdetail/${world.posts.carolFollowers}`,
    );
  });

  it('serves a hidden post’s photos only under file names nobody can guess (96 random bits each)', () => {
    for (const stem of world.photoStems) expect(stem).toMatch(/^\d+-[0-9a-f]{24}$/);
  });
});
