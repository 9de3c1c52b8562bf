/**
 * Upgrade from round 1: a PGlite data directory with members, posts, likes, comments and follows is
 * copied into a fresh PostgreSQL database; every row arrives (compared table by table and value by
 * value), and the old directory is renamed aside, never deleted. A second run has nothing to do.
 */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { openDatabase } from './client.ts';
import * as schema from './schema.ts';
import { upgradeFromPglite } from './upgrade-pglite.ts';

const { adminUrl, template } = inject('testDatabase');
const name = `glimpse_upgrade_${randomBytes(5).toString('hex')}`;
let dataDir = '';
let targetUrl = '';

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'glimpse-upgrade-'));
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name} template ${template}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  targetUrl = url.toString();
}, 60_000);

afterAll(async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  await rm(dataDir, { recursive: true, force: true });
});

/** Round 1's data directory, written by the same schema a round-1 server used. */
async function makeRound1Directory() {
  const round1 = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
  const ids = Array.from({ length: 30 }, (_, i) => `round1-${i}`);
  await round1.db.insert(schema.user).values(ids.map((id) => ({ id, name: id, email: `${id}@example.com` })));
  await round1.db.insert(schema.profiles).values(
    ids.map((id, i) => ({
      userId: id,
      firstName: 'Ada',
      lastName: `Round${i}`,
      username: id.replace('-', '_'),
    })),
  );
  const [image] = await round1.db
    .insert(schema.images)
    .values({
      ownerId: ids[0]!,
      purpose: 'post',
      keys: ['images/1-a-320.webp'],
      widths: [320],
      width: 320,
      height: 240,
      placeholder: 'x',
    })
    .returning();
  const [post] = await round1.db
    .insert(schema.posts)
    .values({
      authorId: ids[0]!,
      caption: 'Zürich “quotes” \\ and 🎉',
      likeCount: 29,
      commentCount: 1,
    })
    .returning();
  await round1.db.insert(schema.postImages).values({ postId: post!.id, position: 0, imageId: image!.id });
  await round1.db
    .insert(schema.postLikes)
    .values(ids.slice(1).map((userId) => ({ postId: post!.id, userId })));
  await round1.db.insert(schema.comments).values({ postId: post!.id, authorId: ids[1]!, body: 'first' });
  await round1.db
    .insert(schema.follows)
    .values(ids.slice(1).map((followerId) => ({ followerId, followeeId: ids[0]! })));
  const snapshot = {
    posts: await round1.db.select().from(schema.posts),
    profiles: await round1.db.select().from(schema.profiles).orderBy(asc(schema.profiles.userId)),
    likes: (await round1.db.select().from(schema.postLikes)).length,
    follows: (await round1.db.select().from(schema.follows)).length,
  };
  await round1.close();
  return snapshot;
}

it('copies every row of a round-1 PGlite directory and keeps the old directory aside', async () => {
  const before = await makeRound1Directory();
  const messages: string[] = [];
  const result = await upgradeFromPglite(dataDir, targetUrl, { info: (m) => messages.push(m) });

  expect(result?.tables).toMatchObject({
    user: 30,
    profiles: 30,
    posts: 1,
    post_likes: 29,
    comments: 1,
    follows: 29,
  });
  expect(existsSync(path.join(dataDir, 'db'))).toBe(false);
  expect(result?.movedTo).toMatch(/db\.round1-pglite-/);
  expect(await readdir(result!.movedTo)).toContain('PG_VERSION');

  const target = await openDatabase({ url: targetUrl, migrations: 'skip', maxConnections: 1 });
  try {
    expect(await target.db.select().from(schema.posts)).toEqual(before.posts);
    expect(await target.db.select().from(schema.profiles).orderBy(asc(schema.profiles.userId))).toEqual(
      before.profiles,
    );
    expect((await target.db.select().from(schema.postLikes)).length).toBe(before.likes);
    expect((await target.db.select().from(schema.follows)).length).toBe(before.follows);
  } finally {
    await target.close();
  }
  expect(messages.at(-1)).toMatch(/copied \d+ rows in \d+ tables, counts checked/);

  // The next start finds nothing to upgrade.
  expect(await upgradeFromPglite(dataDir, targetUrl, { info: () => {} })).toBeNull();
}, 120_000);
