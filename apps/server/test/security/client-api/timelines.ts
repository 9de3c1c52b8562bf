/**
 * Who may read each client API timeline, and with which scope (a test fixture: the client API
 * matrix reads it through security/client-api-table.ts). A new route in
 * composers/mastodon-api/timelines.ts needs its entry here.
 */
import { expect } from 'vitest';
import type { ClientApiActor, ClientApiEntry, ClientApiScene } from '../client-api-entry.ts';
import { postOf } from './statuses.ts';

/** The owner's followers-only post must show to the owner alone; a public one to everyone who may read the list. */
async function ownerPosts(scene: ClientApiScene) {
  return {
    hidden: await postOf(scene, scene.owner.id, 'followers'),
    open: await postOf(scene, scene.owner.id, 'public'),
  };
}

function listVerify(
  actor: ClientApiActor,
  { hidden, open }: Awaited<ReturnType<typeof ownerPosts>>,
  { ownerSeesHidden }: { ownerSeesHidden: boolean },
) {
  return async (response: Response) => {
    if (response.status !== 200) return;
    const ids = ((await response.json()) as { id: string }[]).map((status) => status.id);
    if (actor === 'owner' && ownerSeesHidden) expect(ids).toContain(hidden.statusId);
    else expect(ids).not.toContain(hidden.statusId);
    if (actor !== 'owner' || !ownerSeesHidden) return;
    expect(ids).toContain(open.statusId);
  };
}

export const timelineEntries: Record<string, ClientApiEntry> = {
  'GET /api/v1/timelines/home': {
    scopes: ['read:statuses'],
    rule: 'The home timeline is the token’s member’s own home feed, by the web’s rule: never another member’s.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      const made = await ownerPosts(scene);
      return {
        path: '/api/v1/timelines/home?limit=40',
        verify: listVerify(actor, made, { ownerSeesHidden: true }),
      };
    },
  },
  'GET /api/v1/timelines/public': {
    scopes: ['read:statuses'],
    rule: 'The public timeline is Explore: public posts of public accounts only, to members and to anyone without a token.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 200 },
    rateLimit: null,
    async attempt(scene, actor) {
      const made = await ownerPosts(scene);
      return {
        path: '/api/v1/timelines/public?limit=40',
        verify: listVerify(actor, made, { ownerSeesHidden: false }),
      };
    },
  },
  'GET /api/v1/timelines/tag/:hashtag': {
    scopes: ['read:statuses'],
    rule: 'A tag timeline is the web’s hashtag page: public posts of public accounts with the tag, to members.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene, actor) {
      const made = await ownerPosts(scene);
      return {
        path: '/api/v1/timelines/tag/matrix?limit=40',
        verify: listVerify(actor, made, { ownerSeesHidden: false }),
      };
    },
  },
};
