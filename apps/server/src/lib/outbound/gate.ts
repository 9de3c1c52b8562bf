/**
 * The one door for requests the server sends to addresses somebody else chose: web push services
 * today (features/notifications), federation peers next. Without it a member could make the server
 * connect into its own network (a blind SSRF: "push" to the database port, the cloud metadata
 * service, an admin page on loopback).
 *
 * `check` accepts https only, on port 443, and resolves the name: every address it resolves to
 * must be public (address.ts), or the request is refused; one non-public answer among public
 * ones refuses the name too, since a connection could land on any of them. `request` connects to
 * the address `check` approved, and only to it: the socket's lookup answers that address, so a
 * name that resolves differently a moment later (DNS rebinding) changes nothing. TLS still
 * verifies the certificate against the name. Every call checks again, because a name checked
 * when a subscription was saved can point elsewhere by the time a push is sent.
 *
 * Connections are kept open between requests (as Mastodon's deliveries do), but a kept socket is
 * reused only for the same host *and* the same checked address (`PinnedAgent`): it is the very
 * connection a check approved, never one to an address the name no longer resolves to. A busy
 * server delivers to the same servers again and again, and a TLS handshake per delivery was a
 * large part of a delivery's CPU (docs/performance.md, "Federation").
 *
 * `allowPrivateAddresses` (FEDERATION_ALLOW_PRIVATE_ADDRESSES, env.ts) is the escape hatch for
 * tests and closed networks: loopback, private and the other internal ranges on any port; never
 * plain http, and never unspecified, multicast or broadcast addresses, which are no peer.
 */

import { lookup } from 'node:dns/promises';
import type { IncomingHttpHeaders } from 'node:http';
import type { Agent, RequestOptions } from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { type AddressClass, classifyAddress } from './address.ts';

/** Every address a name resolves to. */
export type Resolve = (host: string) => Promise<string[]>;

/** The system's resolver (getaddrinfo: /etc/hosts, then DNS), every A and AAAA answer. */
export const systemResolve: Resolve = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((answer) => answer.address);

export interface OutboundOptions {
  allowPrivateAddresses: boolean;
  /** Tests answer names themselves; the system resolver otherwise. */
  resolve?: Resolve;
  /** Certificate authorities to trust instead of the system's: a test's own, never set in production. */
  ca?: string;
}

export type RefusalReason =
  | 'not-https'
  | 'port'
  | 'unresolvable'
  | 'too-many-redirects'
  | Exclude<AddressClass, 'public'>;

/** A request the gate would not send. Its message names the host only: URLs can carry secrets. */
export class OutboundRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    readonly host: string,
  ) {
    super(`outbound request to ${host || 'an invalid address'} refused: ${reason}`);
    this.name = 'OutboundRefused';
  }
}

/** An answer cut off at `maxResponseBytes`: the caller may tell "too large" from "unreachable". */
export class OutboundTooLarge extends Error {
  constructor(host: string, maxBytes: number) {
    super(`answer from ${host} is larger than ${maxBytes} bytes`);
    this.name = 'OutboundTooLarge';
  }
}

/** A URL the gate approved, with the one address a connection to it may use. */
export interface CheckedTarget {
  url: URL;
  /** The host name (or address literal) without IPv6 brackets. */
  host: string;
  address: string;
  family: 4 | 6;
}

export interface OutboundRequest {
  method?: string;
  headers?: Record<string, string | number>;
  body?: Uint8Array;
  /** The whole exchange, redirects included. */
  timeoutMs?: number;
  /** A longer answer fails the request: a peer cannot make the server buffer without end. */
  maxResponseBytes?: number;
  /**
   * GET and HEAD only: how many redirects to follow, each one checked like the first URL.
   * 0 (the default) returns a redirect as the answer; a push service never redirects.
   */
  maxRedirects?: number;
}

export interface OutboundResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The URL that answered, after any redirects. */
  url: string;
}

export interface OutboundGate {
  check(url: string | URL): Promise<CheckedTarget>;
  request(url: string | URL, init?: OutboundRequest): Promise<OutboundResponse>;
}

/** Not peers even in a closed network: 0.0.0.0 reaches the local host, the others reach many hosts. */
const neverAPeer = new Set<AddressClass>(['unspecified', 'multicast', 'broadcast']);
const redirectStatuses = new Set([301, 302, 303, 307, 308]);

/**
 * A socket lookup that answers only the checked address, in either form net.connect asks for. It
 * answers on the next tick, as DNS does: answered at once, a connect that fails at once (a network
 * with no route there: ENETUNREACH) destroys the TLS socket inside its own constructor, and Node
 * throws outside the request ("Cannot read properties of null (reading 'setServername')"), which
 * no error handler catches and which stops the process.
 */
export function pinnedLookup(target: Pick<CheckedTarget, 'address' | 'family'>): LookupFunction {
  return (_host, options, callback) =>
    process.nextTick(() => {
      if (options.all) callback(null, [{ address: target.address, family: target.family }]);
      else callback(null, target.address, target.family);
    });
}

/**
 * How long an unused connection stays open for the next request to the same server: under the
 * 5 s after which Node servers close one (nginx waits 75 s), so a request rarely meets a socket the
 * other end is closing.
 */
const idleConnectionMs = 4_000;

/** https request options with the address the gate checked, which names the connection pool. */
type PinnedRequestOptions = RequestOptions & { pinnedAddress: string };

/**
 * One agent per gate, made with the first request (node:https is loaded then, not at start):
 * keep-alive sockets pooled by host, port, TLS options and the checked address.
 */
async function pinnedAgent(ca: string | undefined): Promise<Agent> {
  const https = await import('node:https');
  const tls = await import('node:tls');
  class PinnedAgent extends https.Agent {
    override getName(request: PinnedRequestOptions): string {
      return `${super.getName(request)}:${request.pinnedAddress}`;
    }
  }
  return new PinnedAgent({
    keepAlive: true,
    timeout: idleConnectionMs,
    maxSockets: 16,
    maxFreeSockets: 4,
    maxTotalSockets: 256,
    // A test's own authority is parsed once, not for every connection.
    ...(ca ? { secureContext: tls.createSecureContext({ ca }) } : {}),
  });
}

export function createOutboundGate(options: OutboundOptions): OutboundGate {
  const resolve = options.resolve ?? systemResolve;
  let agent: Promise<Agent> | undefined;

  const allowed = (cls: AddressClass) =>
    cls === 'public' || (options.allowPrivateAddresses && !neverAPeer.has(cls));

  async function check(raw: string | URL): Promise<CheckedTarget> {
    const url = URL.canParse(raw) ? new URL(raw) : null;
    const host = url?.hostname.replace(/^\[(.*)\]$/, '$1') ?? '';
    if (url?.protocol !== 'https:') throw new OutboundRefused('not-https', host);
    // WHATWG URLs drop the default port: '' is 443.
    if (url.port !== '' && !options.allowPrivateAddresses) throw new OutboundRefused('port', host);
    const addresses = isIP(host) ? [host] : await resolve(host).catch(() => []);
    if (addresses.length === 0) throw new OutboundRefused('unresolvable', host);
    for (const address of addresses) {
      const cls = classifyAddress(address);
      if (!allowed(cls)) throw new OutboundRefused(cls as Exclude<AddressClass, 'public'>, host);
    }
    const address = addresses[0]!;
    return { url, host, address, family: isIP(address) === 6 ? 6 : 4 };
  }

  async function exchange(
    target: CheckedTarget,
    init: OutboundRequest,
    signal: AbortSignal,
  ): Promise<OutboundResponse> {
    const maxBytes = init.maxResponseBytes ?? 1024 * 1024;
    // Loaded with the first request, not at start (~1 MB per worker): docs/performance.md.
    const { request: httpsRequest } = await import('node:https');
    agent ??= pinnedAgent(options.ca);
    const pooled = await agent;
    return new Promise((resolveResponse, reject) => {
      const requestOptions = {
        host: target.host,
        port: Number(target.url.port) || 443,
        path: `${target.url.pathname}${target.url.search}`,
        method: init.method ?? 'GET',
        headers: init.headers,
        agent: pooled,
        pinnedAddress: target.address,
        // A new connection reaches the checked address only.
        lookup: pinnedLookup(target),
        // The certificate must name the host; an address literal sends no name.
        servername: isIP(target.host) ? undefined : target.host.replace(/\.$/, ''),
        signal,
      } satisfies PinnedRequestOptions;
      const request = httpsRequest(requestOptions, (response) => {
        // A peer that says its answer is too long is taken at its word: reading 40 MB of a video
        // only to throw it away would cost both servers the transfer (Mastodon stops here too).
        // A HEAD's length is the GET's, not an answer's.
        if (requestOptions.method !== 'HEAD' && Number(response.headers['content-length']) > maxBytes) {
          response.destroy();
          reject(new OutboundTooLarge(target.host, maxBytes));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            response.destroy();
            reject(new OutboundTooLarge(target.host, maxBytes));
          } else chunks.push(chunk);
        });
        response.on('end', () =>
          resolveResponse({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
            url: target.url.href,
          }),
        );
        response.on('error', reject);
      });
      request.on('error', reject);
      request.end(init.body);
    });
  }

  async function request(url: string | URL, init: OutboundRequest = {}): Promise<OutboundResponse> {
    const signal = AbortSignal.timeout(init.timeoutMs ?? 10_000);
    const method = init.method ?? 'GET';
    const maxRedirects = method === 'GET' || method === 'HEAD' ? (init.maxRedirects ?? 0) : 0;
    let target = await check(url);
    for (let hops = 0; ; hops++) {
      const response = await exchange(target, init, signal);
      const location = response.headers.location;
      if (maxRedirects === 0 || !redirectStatuses.has(response.status) || !location) return response;
      if (hops === maxRedirects) throw new OutboundRefused('too-many-redirects', target.host);
      target = await check(new URL(location, target.url));
    }
  }

  return { check, request };
}
