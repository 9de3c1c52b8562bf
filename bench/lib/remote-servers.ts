/**
 * Stand-ins for other fediverse servers, for the federation benchmark: `count` https servers on
 * loopback addresses of their own (127.0.1.1, 127.0.1.2, …, one port), so each is a separate
 * origin to the Glimpse server, as a hundred Mastodon instances would be. Each serves its actors'
 * documents (an RSA key, an inbox and the server's shared inbox) and answers every POST to an inbox
 * 202 at once, verifying nothing: the benchmark measures the Glimpse side. It records when each
 * delivery arrived, on which server and at which inbox.
 *
 * Every actor names the same public key (its own key id, one key pair): generating a thousand RSA
 * keys would take longer than the benchmark, and the Glimpse server verifies per key id anyway.
 */
import { once } from 'node:events';
import { writeFileSync } from 'node:fs';
import type { RequestListener } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { testCertificate } from '../../apps/server/test/tls.ts';

export interface Delivery {
  at: number;
  host: string;
  path: string;
  type: string;
  object: string;
}

export interface RemoteServers {
  origins: string[];
  /** The actor ids: `actorsPerServer` on each server, `…/users/u<n>`. */
  actors: string[];
  keyIdOf(actor: string): string;
  privateKey: CryptoKey;
  deliveries: Delivery[];
  /** The path of the test CA's certificate, for the Glimpse server's NODE_EXTRA_CA_CERTS. */
  caFile: string;
  close(): Promise<void>;
}

const addressOf = (i: number) => `127.0.1.${i + 1}`;

export async function startRemoteServers(options: {
  count: number;
  actorsPerServer: number;
  port: number;
  workDir: string;
  /** Told of each delivery as it arrives (remote-servers-process.ts passes them on). */
  onDelivery?: (delivery: Delivery) => void;
}): Promise<RemoteServers> {
  const { count, actorsPerServer, port } = options;
  if (count > 254) throw new Error('at most 254 stand-in servers (127.0.1.1–254)');
  const addresses = Array.from({ length: count }, (_, i) => addressOf(i));
  const tls = testCertificate(addresses);
  const caFile = path.join(options.workDir, 'stand-in-ca.pem');
  writeFileSync(caFile, tls.cert);

  const keys = (await crypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  )) as CryptoKeyPair;
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', keys.publicKey)).toString('base64');
  const publicKeyPem = `-----BEGIN PUBLIC KEY-----\n${spki.match(/.{1,64}/g)!.join('\n')}\n-----END PUBLIC KEY-----\n`;

  const origins = addresses.map((address) => `https://${address}:${port}`);
  const actors = origins.flatMap((origin) =>
    Array.from({ length: actorsPerServer }, (_, n) => `${origin}/users/u${n}`),
  );
  const deliveries: Delivery[] = [];

  const actorDocument = (origin: string, name: string) => {
    const id = `${origin}/users/${name}`;
    return {
      '@context': ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'],
      id,
      type: 'Person',
      preferredUsername: name,
      name: `Stand-in ${name}`,
      inbox: `${id}/inbox`,
      outbox: `${id}/outbox`,
      followers: `${id}/followers`,
      endpoints: { sharedInbox: `${origin}/inbox` },
      publicKey: { id: `${id}#main-key`, owner: id, publicKeyPem },
    };
  };

  const handler: RequestListener = (request, response) => {
    const host = request.headers.host ?? '';
    const origin = `https://${host}`;
    const pathname = new URL(request.url ?? '/', origin).pathname;
    if (request.method === 'POST' && /^\/(inbox|users\/[^/]+\/inbox)$/.test(pathname)) {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const at = performance.now();
        let type = '';
        let object = '';
        try {
          const activity = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          type = String(activity.type ?? '');
          object = String(
            typeof activity.object === 'string' ? activity.object : (activity.object?.id ?? ''),
          );
        } catch {
          // a body that is no JSON is still a delivery that arrived
        }
        const delivery = { at, host, path: pathname, type, object };
        deliveries.push(delivery);
        options.onDelivery?.(delivery);
        response.writeHead(202).end();
      });
      return;
    }
    const actor = /^\/users\/(u\d+)$/.exec(pathname);
    if (request.method === 'GET' && actor && Number(actor[1]!.slice(1)) < actorsPerServer) {
      response.writeHead(200, { 'content-type': 'application/activity+json' });
      response.end(JSON.stringify(actorDocument(origin, actor[1]!)));
      return;
    }
    response.writeHead(404).end();
  };

  const servers = addresses.map((address) => {
    const server = https.createServer({ cert: tls.cert, key: tls.key, keepAlive: true }, handler);
    server.listen(port, address);
    return server;
  });
  await Promise.all(servers.map((server) => once(server, 'listening')));

  return {
    origins,
    actors,
    keyIdOf: (actor) => `${actor}#main-key`,
    privateKey: keys.privateKey,
    deliveries,
    caFile,
    close: async () => {
      await Promise.all(
        servers.map((server) => {
          server.closeAllConnections();
          return new Promise((resolve) => server.close(resolve));
        }),
      );
    },
  };
}
