/**
 * The streaming budget (2,000 open connections within the memory budget + 60 MB, a new
 * post reaching all of them p99 ≤ 1 s). `--connections` members, each following one author, hold a
 * WebSocket on /api/v1/streaming?stream=user with their own token; the author's post is written and
 * its `post_created` published as the posts service does, through LISTEN/NOTIFY as in production;
 * each latency runs from the publish to a connection's `update` frame. Memory: this process's RSS
 * before the connections and after them, settled; the client ends of the sockets live in this
 * process too, so the growth is an upper bound of the server's.
 *
 *   npx tsx bench/measure/streaming.ts [--database-url postgres://…/db] [--connections 2000] [--posts 5]
 *
 * Without --database-url it starts a throwaway PostgreSQL (bench/lib/postgres.ts) on 127.0.0.1:55437.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp } from 'node:fs/promises';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { serve } from '@hono/node-server';
import pg from 'pg';
import WebSocket from 'ws';
import { createApp } from '../../apps/server/src/app.ts';
import * as schema from '../../apps/server/src/db/schema.ts';
import { parseEnv } from '../../apps/server/src/env.ts';
import { upgradeThrough } from '../../apps/server/src/lib/upgrade.ts';
import { hashSecret, newSecret } from '../../apps/server/src/oauth/tokens.ts';
import { createDeps } from '../../apps/server/src/server.ts';
import { percentile } from '../lib/http.ts';
import { startPostgres } from '../lib/postgres.ts';

const { values: args } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    connections: { type: 'string', default: '2000' },
    posts: { type: 'string', default: '5' },
    port: { type: 'string', default: '3654' },
  },
});
const connections = Number(args.connections);
const postCount = Number(args.posts);
const port = Number(args.port);

let databaseUrl = args['database-url'];
let stopPostgres = () => {};
if (!databaseUrl) {
  const postgres = startPostgres(55437);
  stopPostgres = () => postgres.stop();
  // Stopped however this process ends, a failure included.
  process.once('exit', () => stopPostgres());
  const admin = new pg.Client({ connectionString: postgres.adminUrl });
  await admin.connect();
  await admin.query('create database glimpse_streaming_bench');
  await admin.end();
  databaseUrl = postgres.socketUrl('glimpse_streaming_bench');
}

const env = parseEnv({
  NODE_ENV: 'development',
  LOG_LEVEL: 'silent',
  RATE_LIMITS: 'off',
  DATABASE_URL: databaseUrl,
  DATA_DIR: await mkdtemp(path.join(tmpdir(), 'glimpse-streaming-bench-')),
  PUBLIC_URL: `http://127.0.0.1:${port}`,
  PORT: String(port),
});
const { deps, database } = await createDeps(env, { migrations: 'run' });
const app = createApp(deps);
const server = serve({ fetch: app.fetch, port, hostname: '127.0.0.1' }) as Server;
server.on('upgrade', upgradeThrough(app.fetch));
const { db } = deps;

// Members, straight in the database: an author, and followers each with an app token.
const tag = randomBytes(4).toString('hex');
const ids = Array.from({ length: connections + 1 }, (_, i) => `bench-${tag}-${i}`);
const authorId = ids[0]!;
const followerIds = ids.slice(1);
for (let start = 0; start < ids.length; start += 500) {
  const batch = ids.slice(start, start + 500);
  await db.insert(schema.user).values(batch.map((id) => ({ id, name: id, email: `${id}@example.com` })));
  await db.insert(schema.profiles).values(
    batch.map((id, i) => ({
      userId: id,
      firstName: 'Bench',
      lastName: `${start + i}`,
      username: id.replaceAll('-', '_'),
    })),
  );
}
for (let start = 0; start < followerIds.length; start += 500) {
  await db
    .insert(schema.follows)
    .values(
      followerIds.slice(start, start + 500).map((followerId) => ({ followerId, followeeId: authorId })),
    );
}
const [oauthApp] = await db
  .insert(schema.oauthApps)
  .values({
    clientId: newSecret(),
    clientSecretHash: hashSecret(newSecret()),
    name: 'bench',
    redirectUris: ['urn:ietf:wg:oauth:2.0:oob'],
    scopes: ['read'],
  })
  .returning();
const tokens = followerIds.map(() => newSecret());
for (let start = 0; start < tokens.length; start += 500) {
  await db.insert(schema.oauthTokens).values(
    tokens.slice(start, start + 500).map((token, i) => ({
      tokenHash: hashSecret(token),
      appId: oauthApp!.id,
      userId: followerIds[start + i]!,
      scopes: ['read'],
    })),
  );
}

const settle = async () => {
  await new Promise((resolve) => setTimeout(resolve, 2000));
  return process.memoryUsage().rss / 1024 / 1024;
};
const rssBefore = await settle();

// The connections, 100 at a time.
type Client = { socket: WebSocket; waiting: Map<string, (at: number) => void> };
const clients: Client[] = [];
const openedAt = performance.now();
for (let start = 0; start < tokens.length; start += 100) {
  const batch = await Promise.all(
    tokens.slice(start, start + 100).map(
      (token) =>
        new Promise<Client>((resolve, reject) => {
          const socket = new WebSocket(
            `ws://127.0.0.1:${port}/api/v1/streaming?stream=user&access_token=${token}`,
          );
          const client: Client = { socket, waiting: new Map() };
          socket.on('message', (data) => {
            const frame = JSON.parse(String(data)) as { event: string; payload: string };
            if (frame.event !== 'update') return;
            const caption = (JSON.parse(frame.payload) as { content: string }).content;
            for (const [marker, arrived] of client.waiting)
              if (caption.includes(marker)) arrived(performance.now());
          });
          socket.once('open', () => resolve(client));
          socket.once('error', reject);
        }),
    ),
  );
  clients.push(...batch);
}
const openMs = performance.now() - openedAt;
const rssAfter = await settle();

const latencies: number[] = [];
let missed = 0;
for (let i = 0; i < postCount; i++) {
  const marker = `streaming-bench-${tag}-${i}`;
  const arrivals = clients.map(
    (client) =>
      new Promise<number>((resolve) => {
        const timer = setTimeout(() => resolve(Number.POSITIVE_INFINITY), 10_000);
        client.waiting.set(marker, (at) => {
          clearTimeout(timer);
          client.waiting.delete(marker);
          resolve(at);
        });
      }),
  );
  const [post] = await db
    .insert(schema.posts)
    .values({ authorId, caption: marker })
    .returning({ id: schema.posts.id });
  const sent = performance.now();
  deps.live.publish({ kind: 'post_created', authorId, postId: post!.id });
  for (const at of await Promise.all(arrivals)) {
    if (Number.isFinite(at)) latencies.push(at - sent);
    else missed += 1;
  }
  await new Promise((resolve) => setTimeout(resolve, 200));
}

const result = {
  connections: clients.length,
  posts: postCount,
  openSeconds: Math.round(openMs / 100) / 10,
  rssBeforeMb: Math.round(rssBefore),
  rssAfterMb: Math.round(rssAfter),
  rssGrowthMb: Math.round(rssAfter - rssBefore),
  p50Ms: Math.round(percentile(latencies, 50)),
  p99Ms: Math.round(percentile([...latencies, ...Array(missed).fill(Number.POSITIVE_INFINITY)], 99)),
  maxMs: missed ? Number.POSITIVE_INFINITY : Math.round(Math.max(...latencies)),
  missed,
};
console.log(JSON.stringify(result, null, 2));

for (const client of clients) client.socket.terminate();
server.closeAllConnections();
await new Promise((resolve) => server.close(resolve));
await deps.live.close();
await deps.listener.close();
await database.close();
process.exit(0);
