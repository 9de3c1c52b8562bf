/**
 * How Fedify reads other servers' documents (actors, keys, notes): through the outbound gate
 * (lib/outbound/gate.ts), never Fedify's own `fetch`. Handed to `createFederation` as the document,
 * context and authenticated document loaders, so every fetch Fedify makes while verifying a
 * signature or reading an activity's actor or object passes the gate: https only, public
 * addresses only (FEDERATION_ALLOW_PRIVATE_ADDRESSES for tests), a size and time limit.
 * The JSON-LD contexts every server uses come with Fedify (`preloadedContexts`) or with us
 * (contexts.ts) and are never fetched: the context loader resolves those and nothing else, so a
 * document naming other context URLs (an inbox body may name thirty) makes the server fetch none of
 * them; such a URL reads as an empty context, and the terms only it would define are dropped.
 * Known contexts are marked `tag: 'static'`, jsonld's sign that a context never changes: it then
 * keeps the processed context by its URL across parses. Untagged, every parse of every activity
 * processed the ActivityStreams context again (0.27 ms a Like, 0.05 ms tagged: bench/federation.ts's inbox).
 * Fetched documents are JSON nested at most `limits.federationJsonMaxDepth` deep (lib/json-depth.ts).
 */
import '../node-shims.ts';
import { signRequest } from '@fedify/fedify';
import {
  type DocumentLoader,
  FetchError,
  preloadedContexts,
  type RemoteDocument,
} from '@fedify/vocab-runtime';
import { limits } from '@glimpse/shared';
import { parseJsonWithin } from '../../../lib/json-depth.ts';
import type { OutboundGate } from '../../../lib/outbound/gate.ts';
import { headerRecord } from '../objects/html.ts';
import { extraContext } from './contexts.ts';

/** An actor or a note is a few KB; Mastodon's largest actors (many emoji, fields) stay well under. */
const maxDocumentBytes = 1024 * 1024;
const accept =
  'application/activity+json, application/ld+json; profile="https://www.w3.org/ns/activitystreams"';
const jsonTypes = /^application\/(activity\+json|ld\+json|json)\b/i;

export interface SigningIdentity {
  keyId: URL;
  privateKey: CryptoKey;
}

/** jsonld reads `tag` from a loaded document; Fedify's type does not list it. */
type TaggedDocument = RemoteDocument & { tag?: 'static' };

/** A context we bring (Fedify's or ours), marked as never changing; undefined for any other URL. */
function knownContext(url: string): TaggedDocument | undefined {
  const document = preloadedContexts[url] ?? extraContext(url);
  return document ? { contextUrl: null, documentUrl: url, document, tag: 'static' } : undefined;
}

/** Every JSON-LD context Fedify resolves: the known ones, and an empty one for any other URL. */
export const knownContextLoader: DocumentLoader = async (url) =>
  knownContext(url) ?? { contextUrl: null, documentUrl: url, document: { '@context': {} } };

async function load(
  outbound: OutboundGate,
  userAgent: string,
  url: string,
  identity?: SigningIdentity,
): Promise<TaggedDocument> {
  const known = knownContext(url);
  if (known) return known;
  let headers: Record<string, string> = { accept, 'user-agent': userAgent };
  if (identity) {
    // Servers in "authorized fetch" mode (Mastodon's secure mode) want GETs signed; draft-cavage is
    // the one every such server verifies.
    const signed = await signRequest(new Request(url, { headers }), identity.privateKey, identity.keyId, {
      spec: 'draft-cavage-http-signatures-12',
    });
    headers = headerRecord(signed.headers);
  }
  let response: Awaited<ReturnType<OutboundGate['request']>>;
  try {
    response = await outbound.request(url, {
      headers,
      maxRedirects: 3,
      timeoutMs: 10_000,
      maxResponseBytes: maxDocumentBytes,
    });
  } catch (error) {
    throw new FetchError(url, error instanceof Error ? error.message : String(error));
  }
  if (response.status !== 200) throw new FetchError(url, `HTTP ${response.status}`);
  const type = String(response.headers['content-type'] ?? '');
  if (!jsonTypes.test(type)) throw new FetchError(url, `not a JSON-LD document (${type || 'no type'})`);
  let document: unknown;
  try {
    document = parseJsonWithin(response.body.toString('utf8'), limits.federationJsonMaxDepth);
  } catch {
    throw new FetchError(url, 'malformed JSON, or nested too deep');
  }
  return { contextUrl: null, documentUrl: response.url, document };
}

export const gateDocumentLoader =
  (outbound: OutboundGate, userAgent: string): DocumentLoader =>
  (url) =>
    load(outbound, userAgent, url);

export const gateAuthenticatedLoader =
  (outbound: OutboundGate, userAgent: string, identity: SigningIdentity): DocumentLoader =>
  (url) =>
    load(outbound, userAgent, url, identity);
