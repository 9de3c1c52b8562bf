/**
 * A remote fediverse server for the interop tests (a Mastodon, a Pixelfed, a Mobilizon): https on
 * loopback with a throwaway certificate (tls.ts), one RSA key for all its accounts, GETs answered
 * from the test's fixtures, and every POST kept as it arrived. Beside it, a test context that
 * reaches it (or several: an attacker's server beside its victim's) through the outbound gate, and a
 * signed delivery from it to our inbox. Each test file takes names and ports of its own, so files
 * can run side by side. Test support only.
 */
import '../src/composers/federation/node-shims.ts';
import { createServer } from 'node:https';
import { generateCryptoKeyPair, signRequest } from '@fedify/fedify';
import { exportSpki } from '@fedify/vocab-runtime';
import { createTestContext, type TestContext, testOrigin } from './context.ts';
import { readBody } from './request-body.ts';
import { testCertificate } from './tls.ts';

/** A POST the stand-in received. */
export interface ReceivedPost {
  path: string;
  body: Record<string, unknown>;
  /** It carried an HTTP signature (draft-cavage or RFC 9421). */
  signed: boolean;
  /** The request as it arrived, to verify its signature. */
  request: Request;
}

/** What a GET is answered with: an ActivityPub document (or another JSON type), bytes, or a 404. */
export type StandInAnswer =
  | { json: unknown; type?: string }
  | { bytes: Uint8Array; type: string }
  | undefined;

export interface StandInServer {
  host: string;
  /** `https://host:port`. */
  origin: string;
  /** The key pair every account of the stand-in signs with. */
  keys: CryptoKeyPair;
  /** Every POST, oldest first. */
  received: ReceivedPost[];
  /** The URL of every GET it answered (found or not), oldest first: what our server fetched. */
  requested: URL[];
  /** The certificate our outbound gate must trust to reach it. */
  ca: string;
  close(): Promise<void>;
}

/**
 * Starts the stand-in on 127.0.0.1:`port`; `answer` gets each GET's URL and the accounts' public
 * key as PEM (for their actor documents).
 */
export async function startStandIn(
  host: string,
  port: number,
  answer: (url: URL, publicKeyPem: string) => StandInAnswer,
): Promise<StandInServer> {
  const origin = `https://${host}:${port}`;
  const tls = testCertificate([host]);
  const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
  const pem = await exportSpki(keys.publicKey);
  const received: ReceivedPost[] = [];
  const requested: URL[] = [];
  const server = createServer({ cert: tls.cert, key: tls.key }, async (request, response) => {
    const url = new URL(request.url ?? '/', origin);
    if (request.method === 'POST') {
      const text = await readBody(request);
      const headers = new Headers();
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value);
      }
      received.push({
        path: url.pathname,
        body: JSON.parse(text) as Record<string, unknown>,
        signed: Boolean(request.headers.signature ?? request.headers['signature-input']),
        request: new Request(url, { method: 'POST', headers, body: text }),
      });
      response.writeHead(202).end();
      return;
    }
    requested.push(url);
    const found = answer(url, pem);
    if (!found) response.writeHead(404).end();
    else if ('bytes' in found) {
      response.writeHead(200, { 'content-type': found.type });
      response.end(found.bytes);
    } else {
      response.writeHead(200, { 'content-type': found.type ?? 'application/activity+json' });
      response.end(JSON.stringify(found.json));
    }
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    host,
    origin,
    keys,
    received,
    requested,
    ca: tls.cert,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A test context for our server at `ours` (https) that reaches the stand-ins on loopback. */
export function contextBeside(
  ours: string,
  standIns: StandInServer | StandInServer[],
  overrides: Record<string, string> = {},
): Promise<TestContext> {
  const all = [standIns].flat();
  return createTestContext(
    {
      PUBLIC_URL: ours,
      TRUSTED_ORIGINS: testOrigin,
      FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
      ...overrides,
    },
    {
      outbound: {
        // One PEM bundle: the gate trusts every stand-in's throwaway certificate.
        ca: all.map((standIn) => standIn.ca).join('\n'),
        hosts: Object.fromEntries(all.map((standIn) => [standIn.host, ['127.0.0.1']])),
      },
    },
  );
}

/**
 * A POST of `activity` to `url`, signed by the stand-in's key `keyId` with draft-cavage (as
 * Mastodon, Pixelfed and Mobilizon sign). A string is sent as it is (a hostile body, as written).
 */
export async function signedByStandIn(
  standIn: StandInServer,
  url: string,
  activity: unknown,
  keyId: string,
): Promise<Request> {
  const body = new TextEncoder().encode(typeof activity === 'string' ? activity : JSON.stringify(activity));
  const request = new Request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json' },
    body,
  });
  return signRequest(request, standIn.keys.privateKey, new URL(keyId), {
    spec: 'draft-cavage-http-signatures-12',
    body: body.buffer,
  });
}

/** Sends `signedByStandIn`'s request to our server, then waits for the work it queued. */
export async function deliverSigned(
  t: TestContext,
  standIn: StandInServer,
  url: string,
  activity: unknown,
  keyId: string,
): Promise<Response> {
  const response = await t.app.request(await signedByStandIn(standIn, url, activity, keyId));
  await t.jobsDone();
  return response;
}
