/**
 * Finding a remote account from the top bar's "Search users": `@name@host` (or `name@host`) by
 * WebFinger, or a pasted profile URL by asking that URL for its ActivityPub document. Both go
 * through the outbound gate (https only, WebFinger always over https as Mastodon does). The
 * account found gets its local rows (remote-actors.ts) so its profile opens at /userpublicfeed/{uid}.
 * A handle of this server, or a URL of ours, is the local member.
 */
import { isActor, lookupObject } from '@fedify/vocab';
import type { CoreDeps } from '../../../core/deps.ts';
import { handlePattern, localUserIdByUsername } from '../accounts.ts';
import { isDomainBlocked } from '../admin/domain-blocks.ts';
import { federationContext, userAgentOf } from '../context.ts';
import { upsertRemoteActor } from './remote-actors.ts';

async function webFinger(deps: CoreDeps, name: string, host: string): Promise<string | null> {
  const url = new URL(`https://${host}/.well-known/webfinger`);
  url.searchParams.set('resource', `acct:${name}@${host}`);
  const response = await deps.outbound
    .request(url, {
      headers: { accept: 'application/jrd+json', 'user-agent': userAgentOf(deps) },
      maxRedirects: 3,
      timeoutMs: 10_000,
      maxResponseBytes: 256 * 1024,
    })
    .catch(() => null);
  if (response?.status !== 200) return null;
  try {
    const jrd = JSON.parse(response.body.toString('utf8')) as {
      links?: { rel?: string; type?: string; href?: string }[];
    };
    const self = jrd.links?.find(
      (link) =>
        link.rel === 'self' && /^application\/(activity\+json|ld\+json)/.test(link.type ?? '') && link.href,
    );
    return self?.href ?? null;
  } catch {
    return null;
  }
}

/** The local user id of the account `q` names, or null when nothing answers for it. */
export async function lookUpAccount(deps: CoreDeps, q: string): Promise<string | null> {
  const ctx = federationContext(deps);
  const ourHost = new URL(ctx.canonicalOrigin).host;
  const query = q.trim();
  const handle = query.match(handlePattern);
  let iri: string | null;
  if (handle) {
    const [, name, host] = handle as unknown as [string, string, string];
    if (host.toLowerCase() === ourHost.toLowerCase()) return localUserIdByUsername(deps.db, name);
    if (await isDomainBlocked(deps.db, host)) return null;
    iri = await webFinger(deps, name, host);
  } else {
    iri = URL.canParse(query) ? query : null;
  }
  if (!iri) return null;
  const ours = ctx.parseUri(new URL(iri));
  if (ours?.type === 'actor') return ours.identifier;
  if (new URL(iri).host === ourHost) return null;
  if (await isDomainBlocked(deps.db, new URL(iri).host)) return null;
  const object = await lookupObject(iri, {
    documentLoader: ctx.documentLoader,
    contextLoader: ctx.contextLoader,
  }).catch(() => null);
  if (!object || !isActor(object) || !object.id || (await isDomainBlocked(deps.db, object.id.host)))
    return null;
  return upsertRemoteActor(deps, object);
}
