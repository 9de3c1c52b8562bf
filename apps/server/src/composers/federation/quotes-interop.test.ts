/**
 * Quotes with consent across servers (FEP-044f), against a Mastodon 4.5 stand-in on loopback: its
 * QuoteRequest for our members' posts answered by each post's policy, with a QuoteAuthorization we
 * serve; our quotes of its statuses asked for and waiting until its Accept; its Notes that quote
 * checked against their authorization; revocation both ways. Fixtures: fixtures/remote-documents.ts.
 */
import './node-shims.ts';
import type { NotificationDto, PostDto } from '@glimpse/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberWithToken } from '#test/client-api.ts';
import type { TestContext } from '#test/context.ts';
import { makeJpeg } from '#test/images.ts';
import {
  contextBeside,
  deliverSigned,
  type ReceivedPost,
  type StandInServer,
  startStandIn,
} from '#test/stand-in-server.ts';
import { federationPosts, posts, quoteAuthorizations } from '../../db/schema.ts';
import { timeIdOf } from '../mastodon-api/ids.ts';
import {
  mastodonAccept,
  mastodonActor,
  mastodonApprovalUri,
  mastodonDeleteQuoteAuthorization,
  mastodonQuoteAnswer,
  mastodonQuoteAuthorization,
  mastodonQuoteRequest,
  mastodonStatus,
  mastodonWebFinger,
} from './fixtures/remote-documents.ts';

const ours = 'https://glimpse.glimpse.test:3213';
const remoteHost = 'social.glimpse.test';
const remote = `https://${remoteHost}:3212`;
const photoUrl = `${remote}/system/media_attachments/files/1.jpg`;
/** Documents the stand-in serves besides actors: QuoteAuthorizations, by path. */
const served = new Map<string, unknown>();

let t: TestContext;
type Member = Awaited<ReturnType<TestContext['signUpWithProfile']>>;
let ada: Member;
let bob: Member;
let standIn: StandInServer;
let received: ReceivedPost[];
let eveId: string;

beforeAll(async () => {
  const photo = await makeJpeg(640, 480);
  standIn = await startStandIn(remoteHost, 3212, (url, pem) => {
    if (url.pathname === '/.well-known/webfinger') {
      const user = url.searchParams.get('resource')?.match(/^acct:(\w+)@/)?.[1] ?? 'eve';
      return { json: mastodonWebFinger(remote, user), type: 'application/jrd+json' };
    }
    const name = /^\/users\/(\w+)$/.exec(url.pathname)?.[1];
    if (name) return { json: mastodonActor(remote, name, pem) };
    const document = served.get(url.pathname);
    if (document) return { json: document };
    if (url.pathname.endsWith('.jpg')) return { bytes: photo, type: 'image/jpeg' };
    return undefined;
  });
  received = standIn.received;
  t = await contextBeside(ours, standIn);
  ada = await t.signUpWithProfile({ firstName: 'Ada', lastName: 'Lovelace', username: 'ada' });
  bob = await t.signUpWithProfile({ firstName: 'Bob', lastName: 'Follower', username: 'bob' });
  const found = (await (
    await bob.get(`/api/search/users?q=${encodeURIComponent(`@eve@${remoteHost}:3212`)}`)
  ).json()) as { userId: string }[];
  eveId = found[0]!.userId;
  await bob.put(`/api/users/${eveId}/follow`);
  await t.jobsDone();
  const follow = received.findLast((r) => r.body.type === 'Follow')!;
  await deliverToUs(
    mastodonAccept(remote, 'eve', { id: follow.body.id as string, actor: follow.body.actor as string }),
  );
}, 90_000);
afterAll(async () => {
  await t?.close();
  await standIn?.close();
});

const deliverToUs = (activity: unknown, who = 'eve') =>
  deliverSigned(t, standIn, `${ours}/ap/inbox`, activity, `${remote}/users/${who}#main-key`);
const noteOf = (postId: string) => `${ours}/postdetail/${postId}`;
const eveStatus = (statusId: string) => `${remote}/users/eve/statuses/${statusId}`;
const answersTo = (requestId: string) =>
  received.filter((r) => (r.body.object as { id?: string } | undefined)?.id === requestId);
const quoteOfPost = async (member: Member, postId: string) =>
  ((await (await member.get(`/api/posts/${postId}`)).json()) as PostDto).quote;
const storedPostOf = async (iri: string) =>
  (await t.db.select().from(federationPosts).where(eq(federationPosts.iri, iri)))[0]?.postId;

async function adaPost(
  quotePolicy: 'anyone' | 'followers' | 'nobody',
  audience: 'public' | 'followers' = 'public',
) {
  const post = await t.postPhoto(ada, 'The harbour wall');
  await t.db.update(posts).set({ quotePolicy, audience }).where(eq(posts.id, post.id));
  return post.id;
}

describe('a QuoteRequest for one of our posts', () => {
  it('is accepted by an anyone-policy post: Accept with a QuoteAuthorization we serve at a stable URL', async () => {
    const postId = await adaPost('anyone');
    const request = mastodonQuoteRequest(remote, 'eve', {
      object: noteOf(postId),
      instrument: eveStatus('900'),
      requestId: 'a1',
    });
    await deliverToUs(request);
    const [answer] = answersTo(request.id);
    expect(answer?.body).toMatchObject({ type: 'Accept', actor: `${ours}/userpublicfeed/${ada.id}` });
    expect(answer?.signed).toBe(true);
    const result = answer!.body.result as string;
    expect(result).toMatch(new RegExp(`^${ours}/ap/quote-authorizations/[0-9a-f-]{36}$`));
    const served = await t.app.request(new URL(result).pathname, {
      headers: { accept: 'application/activity+json' },
    });
    expect(served.status).toBe(200);
    expect(await served.json()).toMatchObject({
      id: result,
      type: 'QuoteAuthorization',
      attributedTo: `${ours}/userpublicfeed/${ada.id}`,
      interactingObject: eveStatus('900'),
      interactionTarget: noteOf(postId),
    });
  });

  it('is refused by a followers-policy post to a non-follower and a nobody-policy post; a followers-only post gets no answer', async () => {
    const cases = [await adaPost('followers'), await adaPost('nobody'), await adaPost('anyone', 'followers')];
    for (const [i, postId] of cases.entries()) {
      const request = mastodonQuoteRequest(remote, 'eve', {
        object: noteOf(postId),
        instrument: eveStatus(`91${i}`),
        requestId: `r${i}`,
      });
      await deliverToUs(request);
      // Mastodon answers nothing for a status it does not distribute: its existence stays unsaid.
      expect(answersTo(request.id).map((r) => r.body.type)).toEqual(i === 2 ? [] : ['Reject']);
    }
    expect(
      await t.db.select().from(quoteAuthorizations).where(eq(quoteAuthorizations.quoterId, eveId)),
    ).toHaveLength(1);
  });

  it('refuses a quoting Note on another server than the requester’s', async () => {
    const postId = await adaPost('anyone');
    const request = mastodonQuoteRequest(remote, 'eve', {
      object: noteOf(postId),
      instrument: 'https://elsewhere.glimpse.test/notes/1',
      requestId: 'x1',
    });
    await deliverToUs(request);
    expect(answersTo(request.id)).toEqual([]);
  });
});

describe('a Note from another server that quotes', () => {
  it('of our post: accepted by our own record, and the quoted author revokes it (Delete of the authorization)', async () => {
    const postId = await adaPost('anyone');
    const noteIri = eveStatus('1001');
    const request = mastodonQuoteRequest(remote, 'eve', {
      object: noteOf(postId),
      instrument: noteIri,
      requestId: 'q1',
    });
    await deliverToUs(request);
    const authorization = answersTo(request.id)[0]!.body.result as string;
    await deliverToUs(
      mastodonStatus(remote, 'eve', {
        statusId: '1001',
        text: 'Look at this',
        photoUrl,
        quote: { iri: noteOf(postId), authorization },
      }),
    );
    const quoting = (await storedPostOf(noteIri))!;
    expect(await quoteOfPost(bob, quoting)).toMatchObject({ state: 'accepted', post: { id: postId } });
    // The Note came after our Accept: Ada is told when it arrives, once.
    const notices = (await (await ada.get('/api/notifications')).json()) as { items: NotificationDto[] };
    expect(notices.items.filter((n) => n.type === 'post_quote' && n.postId === quoting)).toHaveLength(1);

    // Another member cannot revoke it; Ada can, through the client API, as Mastodon 4.5 does.
    const statusOf = async (id: string) => {
      const [row] = await t.db.select({ createdAt: posts.createdAt }).from(posts).where(eq(posts.id, id));
      return timeIdOf('post', row!.createdAt, id);
    };
    const path = `/api/v1/statuses/${await statusOf(postId)}/quotes/${await statusOf(quoting)}/revoke`;
    const other = await memberWithToken(t, { firstName: 'Cy' });
    expect((await other.api.post(path)).status).toBe(403);
    const { issueTestToken, clientApiClient } = await import('#test/client-api.ts');
    const { token } = await issueTestToken(t, ada.id);
    const revoked = await clientApiClient(t, token).post(path);
    expect(revoked.status).toBe(200);
    expect(((await revoked.json()) as { quote: unknown }).quote).toEqual({
      state: 'revoked',
      quoted_status_id: null,
    });
    await t.jobsDone();
    const deletion = received.findLast((r) => r.body.type === 'Delete');
    expect(deletion?.body).toMatchObject({
      actor: `${ours}/userpublicfeed/${ada.id}`,
      object: authorization,
    });
    const gone = await t.app.request(new URL(authorization).pathname, {
      headers: { accept: 'application/activity+json' },
    });
    expect(gone.status).toBe(404);
    expect(await quoteOfPost(bob, quoting)).toEqual({ state: 'revoked', post: null });
  });

  it('of our post without our authorization: pending, no card', async () => {
    const postId = await adaPost('anyone');
    await deliverToUs(
      mastodonStatus(remote, 'eve', {
        statusId: '1002',
        text: 'Unasked',
        photoUrl,
        quote: { iri: noteOf(postId), authorization: `${remote}/users/eve/quote_authorizations/1` },
      }),
    );
    expect(await quoteOfPost(bob, (await storedPostOf(eveStatus('1002')))!)).toEqual({
      state: 'pending',
      post: null,
    });
  });

  it('of another remote post: its QuoteAuthorization fetched and checked (a forged or mismatched one refused); its Delete revokes', async () => {
    // Bob follows Mallory too, so that her status is kept here and Eve's quotes of it have a card to show.
    const found = (await (
      await bob.get(`/api/search/users?q=${encodeURIComponent(`@mallory@${remoteHost}:3212`)}`)
    ).json()) as { userId: string }[];
    await bob.put(`/api/users/${found[0]!.userId}/follow`);
    await t.jobsDone();
    const follow = received.findLast((r) => r.body.type === 'Follow')!;
    await deliverToUs(
      mastodonAccept(remote, 'mallory', { id: follow.body.id as string, actor: follow.body.actor as string }),
      'mallory',
    );
    await deliverToUs(
      mastodonStatus(remote, 'mallory', { statusId: '2000', text: 'Mallory’s', photoUrl }),
      'mallory',
    );
    const quoted = `${remote}/users/mallory/statuses/2000`;
    const stamp = (id: string, quoting: string) =>
      served.set(
        `/users/mallory/quote_authorizations/${id}`,
        mastodonQuoteAuthorization(remote, 'mallory', id, {
          interactingObject: quoting,
          interactionTarget: quoted,
        }),
      );
    stamp('50', eveStatus('2003'));
    stamp('51', eveStatus('9999'));
    const cases = [
      {
        statusId: '2001',
        authorization: `https://elsewhere.glimpse.test/users/mallory/quote_authorizations/50`,
      },
      { statusId: '2002', authorization: mastodonApprovalUri(remote, 'mallory', '51') },
      { statusId: '2003', authorization: mastodonApprovalUri(remote, 'mallory', '50') },
    ];
    for (const { statusId, authorization } of cases) {
      await deliverToUs(
        mastodonStatus(remote, 'eve', {
          statusId,
          text: 'Quoting Mallory',
          photoUrl,
          quote: { iri: quoted, authorization },
        }),
      );
    }
    const states = [];
    for (const { statusId } of cases) {
      states.push((await quoteOfPost(bob, (await storedPostOf(eveStatus(statusId)))!))?.state);
    }
    expect(states).toEqual(['rejected', 'rejected', 'accepted']);

    // Only Mallory's own Delete revokes her authorization.
    await deliverToUs(mastodonDeleteQuoteAuthorization(remote, 'mallory', '50'), 'eve');
    const accepted = (await storedPostOf(eveStatus('2003')))!;
    expect((await quoteOfPost(bob, accepted))?.state).toBe('accepted');
    await deliverToUs(mastodonDeleteQuoteAuthorization(remote, 'mallory', '50'), 'mallory');
    expect(await quoteOfPost(bob, accepted)).toEqual({ state: 'revoked', post: null });
  });
});

describe('our quote of a remote post', () => {
  it('asks with a QuoteRequest, waits pending, and shows once the Accept comes; the Note then carries quoteAuthorization; Delete revokes', async () => {
    await deliverToUs(mastodonStatus(remote, 'eve', { statusId: '3000', text: 'Quotable', photoUrl }));
    const quotedId = (await storedPostOf(eveStatus('3000')))!;
    const created = await bob.post('/api/posts', {
      photos: [{ imageId: (await t.insertImage(bob.id)).id }],
      caption: 'Quoting Eve',
      quotedPostId: quotedId,
    });
    expect(created.status).toBe(201);
    const quote = (await created.json()) as PostDto;
    expect(quote.quote).toEqual({ state: 'pending', post: null });
    await t.jobsDone();
    const request = received.findLast((r) => r.body.type === 'QuoteRequest')!;
    expect(request.body).toMatchObject({
      id: `${ours}/userpublicfeed/${bob.id}#quote_requests/${quote.id}`,
      actor: `${ours}/userpublicfeed/${bob.id}`,
      object: eveStatus('3000'),
      instrument: { id: noteOf(quote.id), type: 'Note' },
    });
    const asked = {
      id: request.body.id as string,
      actor: request.body.actor as string,
      object: eveStatus('3000'),
      instrument: noteOf(quote.id),
    };
    // An Accept from someone else, or with an authorization on another server, changes nothing.
    const forged = mastodonQuoteAnswer(remote, 'mallory', asked, { accepted: true });
    await deliverToUs(forged, 'mallory');
    const elsewhere = mastodonQuoteAnswer(remote, 'eve', asked, { accepted: true, quoteId: '6' });
    elsewhere.result = 'https://elsewhere.glimpse.test/users/eve/quote_authorizations/7';
    await deliverToUs(elsewhere);
    expect((await quoteOfPost(bob, quote.id))?.state).toBe('pending');

    await deliverToUs(mastodonQuoteAnswer(remote, 'eve', asked, { accepted: true, quoteId: '7' }));
    expect(await quoteOfPost(bob, quote.id)).toMatchObject({ state: 'accepted', post: { id: quotedId } });
    const note = (await (
      await t.app.request(`/postdetail/${quote.id}`, { headers: { accept: 'application/activity+json' } })
    ).json()) as Record<string, unknown>;
    expect(note.quoteAuthorization ?? note['https://w3id.org/fep/044f#quoteAuthorization']).toBe(
      mastodonApprovalUri(remote, 'eve', '7'),
    );

    await deliverToUs(mastodonDeleteQuoteAuthorization(remote, 'eve', '7'));
    expect(await quoteOfPost(bob, quote.id)).toEqual({ state: 'revoked', post: null });
  });

  it('is rejected by a Reject: no card', async () => {
    await deliverToUs(mastodonStatus(remote, 'eve', { statusId: '3100', text: 'Not this one', photoUrl }));
    const quotedId = (await storedPostOf(eveStatus('3100')))!;
    const created = await bob.post('/api/posts', {
      photos: [{ imageId: (await t.insertImage(bob.id)).id }],
      caption: 'Quoting again',
      quotedPostId: quotedId,
    });
    const quote = (await created.json()) as PostDto;
    await t.jobsDone();
    const request = received.findLast((r) => r.body.type === 'QuoteRequest')!;
    await deliverToUs(
      mastodonQuoteAnswer(
        remote,
        'eve',
        {
          id: request.body.id as string,
          actor: request.body.actor as string,
          object: eveStatus('3100'),
          instrument: noteOf(quote.id),
        },
        { accepted: false },
      ),
    );
    expect(await quoteOfPost(bob, quote.id)).toEqual({ state: 'rejected', post: null });
  });
});
