/**
 * The shape of one client API route's entry in the client API table (security/client-api/<resource>.ts,
 * gathered by client-api-table.ts): the scope it needs, who may do what, its rate limit, and how to
 * try it. The client API takes bearer tokens only, so its cast differs from the web API's: the
 * owner's token with the route's scope, another member's token with it, the owner's token without
 * it (every other scope), and no token at all.
 * Test support only: nothing outside the test suites imports this.
 */
import { type OAuthScope, type RateLimitName, scopeCovers, topLevelScopes } from '@glimpse/shared';
import { clientApiClient, issueTestToken } from '../client-api.ts';
import type { TestContext } from '../context.ts';
import type { Member } from './scene.ts';

export type ClientApiActor = 'owner' | 'other' | 'wrongScope' | 'noToken';
export const clientApiActors: readonly ClientApiActor[] = ['owner', 'other', 'wrongScope', 'noToken'];

export interface ClientApiAttempt {
  /** The path with its query; ids already filled in. */
  path: string;
  json?: Record<string, unknown>;
  form?: FormData;
  /** What must hold afterwards, beyond the status. */
  verify?: (response: Response) => Promise<void>;
  /** Ends a request that would not end by itself (a stream of events). */
  signal?: AbortSignal;
}

export interface ClientApiEntry {
  /**
   * The scopes the route accepts, as its `needs(…)` lists them: the first is the one the owner's
   * and the other member's tokens carry; a wrong-scope token carries none that covers any of them.
   */
  scopes: [OAuthScope, ...OAuthScope[]];
  /** The rule in words; docs/security.md lists the same. */
  rule: string;
  /** Status per actor; a route anyone may read answers 200 to `noToken`. */
  expect: Record<ClientApiActor, number>;
  rateLimit: RateLimitName | null;
  /** What a successful answer is, when not JSON: the streaming API's events and its health check. */
  contentType?: string;
  attempt(scene: ClientApiScene, actor: ClientApiActor): Promise<ClientApiAttempt>;
}

/** Every top-level scope that covers none of `accepted`: a token the route must refuse (403). */
const scopesWithout = (accepted: readonly OAuthScope[]): OAuthScope[] =>
  topLevelScopes.filter((candidate) => !accepted.some((scope) => scopeCovers([candidate], scope)));

export interface ClientApiScene {
  t: TestContext;
  owner: Member;
  other: Member;
  /** A bystander with a profile: author of what the others act on. */
  third: Member;
  /** A client for `actor`, with a token fit for `scopes` (or unfit, or none). */
  clientFor(
    actor: ClientApiActor,
    scopes: readonly [OAuthScope, ...OAuthScope[]],
  ): Promise<ReturnType<typeof clientApiClient>>;
}

export async function createClientApiScene(t: TestContext): Promise<ClientApiScene> {
  const [owner, other, third] = await Promise.all([
    t.signUpWithProfile({ firstName: 'Owner' }),
    t.signUpWithProfile({ firstName: 'Other' }),
    t.signUpWithProfile({ firstName: 'Third' }),
  ]);
  return {
    t,
    owner,
    other,
    third,
    async clientFor(actor, scopes) {
      if (actor === 'noToken') return clientApiClient(t, null);
      const member = actor === 'other' ? other : owner;
      const granted = actor === 'wrongScope' ? scopesWithout(scopes) : [scopes[0]];
      return clientApiClient(t, (await issueTestToken(t, member.id, granted)).token);
    },
  };
}

/** Sends `attempt` with `method` through `client` (a client of `scene.clientFor`). */
export function sendClientApi(
  client: ReturnType<typeof clientApiClient>,
  method: string,
  attempt: ClientApiAttempt,
): Promise<Response> {
  if (attempt.form) return client.request(attempt.path, { method, body: attempt.form });
  if (method === 'GET' || method === 'HEAD')
    return client.request(attempt.path, { method, signal: attempt.signal });
  return client.request(attempt.path, { method, json: attempt.json ?? {} });
}
