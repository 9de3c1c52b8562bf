/**
 * A Mastodon account on another server, for the federation spec: https on loopback with the pair's
 * certificate (support/federation-pair.ts, which the pair's servers trust), serving what Mastodon
 * serves for one account (WebFinger, the actor, its outbox of public statuses) and the statuses'
 * media files, and answering a Follow with an Accept signed as Mastodon signs (draft-cavage,
 * rsa-sha256), so the follower's server counts the follow. The documents are the server tests'
 * fixtures (apps/server/src/composers/federation/fixtures/, each field's source noted there).
 *
 * A media file may be answered with a `Content-Length` larger than what is sent (`declaredBytes`):
 * the length a big video announces, without the test sending it. Every GET is logged (`requested`),
 * so a test can tell what the other server asked for, and that a browser never asked at all.
 */
import { createHash, createSign, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import https from 'node:https';
import {
  mastodonOutbox,
  mastodonOutboxCreate,
  mastodonOutboxPage,
  type OutboxStatus,
} from '../../apps/server/src/composers/federation/fixtures/outbox-documents.ts';
import {
  mastodonAccept,
  mastodonActor,
  mastodonWebFinger,
} from '../../apps/server/src/composers/federation/fixtures/remote-documents.ts';

/** A media file: its bytes, or a length announced and a first few bytes, the rest never sent. */
export type MediaAnswer = { type: string; bytes: Buffer } | { type: string; declaredBytes: number };

export interface MastodonStandIn {
  /** `https://localhost:<port>`. */
  origin: string;
  /** `localhost:<port>`, the part of a handle after the second @. */
  host: string;
  username: string;
  /** Path and query of every GET, oldest first. */
  requested: string[];
  close(): Promise<void>;
}

export interface StandInOptions {
  port: number;
  /** The folder of the pair's cert.pem and key.pem. */
  certDir: string;
  username: string;
  /** Newest first, as an outbox lists them; media URLs on this stand-in come from `mediaUrl`. */
  statuses: (origin: string) => OutboxStatus[];
  /** By path: `/media/<name>`. */
  media: Record<string, MediaAnswer>;
  /** Where a follower's server takes its Accept: its shared inbox. */
  inboxOf: (followerActor: string) => string;
}

const readBody = (incoming: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', reject);
  });

export async function startMastodonStandIn(options: StandInOptions): Promise<MastodonStandIn> {
  const { port, username } = options;
  const origin = `https://localhost:${port}`;
  const actorId = `${origin}/users/${username}`;
  const cert = readFileSync(`${options.certDir}/cert.pem`, 'utf8');
  const key = readFileSync(`${options.certDir}/key.pem`, 'utf8');
  const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const statuses = options.statuses(origin);
  const requested: string[] = [];

  /** POSTs `activity` to `url` signed with the account's key, as Mastodon's delivery does. */
  const deliver = async (url: string, activity: unknown) => {
    const target = new URL(url);
    const body = JSON.stringify(activity);
    const headers: Record<string, string> = {
      host: target.host,
      date: new Date().toUTCString(),
      digest: `SHA-256=${createHash('sha256').update(body).digest('base64')}`,
      'content-type': 'application/activity+json',
    };
    const signed = ['(request-target)', 'host', 'date', 'digest', 'content-type'];
    const text = signed
      .map((name) =>
        name === '(request-target)' ? `${name}: post ${target.pathname}` : `${name}: ${headers[name]}`,
      )
      .join('\n');
    const signature = createSign('RSA-SHA256').update(text).sign(keys.privateKey, 'base64');
    headers.signature = `keyId="${actorId}#main-key",algorithm="rsa-sha256",headers="${signed.join(' ')}",signature="${signature}"`;
    await new Promise<void>((resolve, reject) => {
      const sent = https.request(url, { method: 'POST', headers, ca: cert }, (answer) => {
        answer.resume();
        answer.on('end', () =>
          (answer.statusCode ?? 500) < 300
            ? resolve()
            : reject(new Error(`${url} answered ${answer.statusCode} to the Accept`)),
        );
      });
      sent.on('error', reject);
      sent.end(body);
    });
  };

  const server = https.createServer({ cert, key }, async (incoming, outgoing) => {
    const url = new URL(incoming.url ?? '/', origin);
    if (incoming.method === 'POST') {
      const activity = JSON.parse(await readBody(incoming)) as { id?: string; type?: string; actor?: string };
      outgoing.writeHead(202).end();
      // Mastodon accepts a follow of an account that does not approve followers by hand at once.
      if (activity.type === 'Follow' && activity.id && activity.actor) {
        const accept = mastodonAccept(origin, username, { id: activity.id, actor: activity.actor });
        await deliver(options.inboxOf(activity.actor), accept).catch((error: Error) =>
          console.log(`stand-in: ${error.message}`),
        );
      }
      return;
    }
    requested.push(`${url.pathname}${url.search}`);
    const json = (document: unknown, type = 'application/activity+json') =>
      outgoing.writeHead(200, { 'content-type': type }).end(JSON.stringify(document));
    const outbox = `${actorId}/outbox`;
    if (url.pathname === '/.well-known/webfinger') {
      if (url.searchParams.get('resource') !== `acct:${username}@localhost:${port}`)
        return outgoing.writeHead(404).end();
      return json(mastodonWebFinger(origin, username), 'application/jrd+json');
    }
    if (url.pathname === `/users/${username}`) {
      // No avatar: the account's icon would be one more fetch for no purpose here.
      const { icon: _icon, ...actor } = mastodonActor(origin, username, publicKeyPem);
      return json({ ...actor, name: 'Vida Remote' });
    }
    if (url.pathname === `/users/${username}/outbox`) {
      if (url.searchParams.get('page') !== 'true')
        return json(mastodonOutbox(origin, username, statuses.length));
      return json(
        mastodonOutboxPage(origin, username, {
          id: `${outbox}?page=true`,
          items: statuses.map((status) => mastodonOutboxCreate(origin, username, status)),
        }),
      );
    }
    const media = options.media[url.pathname];
    if (media && 'bytes' in media) {
      return outgoing.writeHead(200, { 'content-type': media.type }).end(media.bytes);
    }
    if (media) {
      outgoing.writeHead(200, { 'content-type': media.type, 'content-length': String(media.declaredBytes) });
      // A first few bytes, then nothing more: a reader that waits for the rest waits in vain.
      outgoing.write(Buffer.alloc(1024));
      setTimeout(() => outgoing.destroy(), 5_000).unref();
      return;
    }
    outgoing.writeHead(404).end();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    // Every loopback form: `localhost` may resolve to ::1 first, and the outbound gate takes the first.
    server.listen(port, () => resolve());
  });
  return {
    origin,
    host: `localhost:${port}`,
    username,
    requested,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
