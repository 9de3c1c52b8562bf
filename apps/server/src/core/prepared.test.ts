/**
 * The prepared statements of the hottest paths (core/prepared.ts) as PostgreSQL holds them: named,
 * parsed once per connection, every page size written into the SQL (a `LIMIT $n` made PostgreSQL
 * plan the feed's ids on every call: docs/footguns.md), and a generic plan kept after the first
 * calls. Run on one connection, so that `pg_prepared_statements` (per connection) sees them all.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '#test/context.ts';
import { feedStatements } from '../composers/feed/queries.ts';
import { type Database, openDatabase } from '../db/client.ts';
import { postStatements } from '../features/posts/queries.ts';
import { prepareSql } from './prepared.ts';

let t: TestContext;
let one: Database;

beforeAll(async () => {
  t = await createTestContext();
  one = await openDatabase({ url: t.databaseUrl, migrations: 'skip', maxConnections: 1 });
});
afterAll(async () => {
  await one?.close();
  await t?.close();
});

interface HeldStatement {
  name: string;
  statement: string;
  generic_plans: number;
  custom_plans: number;
}

describe('prepared statements', () => {
  it('write every page size into the SQL and keep a generic plan', async () => {
    const [viewer, author] = await t.signedInMembers(2, 'Prepared');
    await t.insertPost(author!.id, 'first');
    const post = await t.insertPost(author!.id, 'second');
    expect((await viewer!.put(`/api/users/${author!.id}/follow`)).status).toBe(200);

    const posts = postStatements(one.db);
    const feed = feedStatements(one.db);
    const who = { viewerId: viewer!.id };
    const after = { at: new Date(), id: post.id };
    // More than five runs each: PostgreSQL weighs a generic plan after five custom ones.
    for (let run = 0; run < 8; run++) {
      await posts.post.execute({ ...who, postId: post.id });
      await posts.visiblePost.execute({ ...who, postId: post.id });
      await posts.explore[0].execute(who);
      await posts.explore[1].execute({ ...who, ...after });
      await posts.author[0].execute({ ...who, authorId: author!.id });
      await posts.author[1].execute({ ...who, authorId: author!.id, ...after });
      await posts.comments[0].execute({ ...who, postId: post.id });
      await posts.comments[1].execute({ ...who, postId: post.id, ...after });
      await posts.like.execute({ ...who, postId: post.id });
      await posts.unlike.execute({ ...who, postId: post.id });
      await posts.comment.execute({ ...who, postId: post.id, body: `comment ${run}` });
      await feed.first.execute(who);
      await feed.next.execute({ ...who, ...after });
    }

    const held = (
      (await one.db.execute(
        sql`select name, statement, generic_plans, custom_plans from pg_prepared_statements where name <> ''`,
      )) as unknown as { rows: HeldStatement[] }
    ).rows;
    expect(held.map((s) => s.name).sort()).toEqual(
      [
        'comment_add',
        'comments_page',
        'comments_page_after',
        'explore_page',
        'explore_page_after',
        'feed_page',
        'feed_page_after',
        'post_detail',
        'post_like',
        'post_unlike',
        'post_visible',
        'posts_author',
        'posts_author_after',
      ].sort(),
    );
    for (const statement of held) {
      expect(statement.statement, statement.name).not.toMatch(/\blimit \$\d/i);
      expect(Number(statement.generic_plans), statement.name).toBeGreaterThan(0);
    }
  });

  it('run only on the pool: a transaction has no named statements of its own', async () => {
    await one.db.transaction(async (tx) => {
      expect(() => prepareSql(tx, 'in_a_transaction', sql`select 1`)).toThrow(/node-postgres pool/);
    });
  });
});
