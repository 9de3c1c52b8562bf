/**
 * The steps of a one-statement action (core/cte.ts): referred to by value, named once, and no two
 * alike in one statement, whichever module made them.
 */
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { likeCountStep } from './counters.ts';
import { cte, withSteps } from './cte.ts';
import { noticeRetractions, noticeWrites } from './notify.ts';

const text = (statement: ReturnType<typeof withSteps>) => new PgDialect().sqlToQuery(statement).sql;

describe('withSteps', () => {
  it('names each step once and refers to it by that name', () => {
    const target = cte('target', sql`select 1 as id`);
    const changed = cte('changed', sql`select id from ${target}`);
    expect(text(withSteps([target, changed], sql`select exists (select 1 from ${changed}) as changed`))).toBe(
      'with "target" as (select 1 as id), "changed" as (select id from "target") select exists (select 1 from "changed") as changed',
    );
  });

  it('reads another module’s step through the value it returns', () => {
    const changed = cte('changed', sql`select 1 as post_id`);
    const counted = likeCountStep(sql`select post_id from ${changed}`, true);
    const told = noticeWrites({ type: 'post_like', recipientId: 'a', actorId: 'b', postId: 'c' });
    const statement = text(
      withSteps(
        [changed, counted, ...told.steps],
        sql`select (select like_count from ${counted}), exists (select 1 from ${told.outcome})`,
      ),
    );
    expect(statement).toContain(`"${counted.name}" as (update "posts"`);
    expect(statement).toContain(`exists (select 1 from "${told.outcome.name}")`);
  });

  it('refuses two steps of one name, as two notices in one statement would make', () => {
    const notice = { type: 'post_like', recipientId: 'a', actorId: 'b', postId: 'c' } as const;
    const written = noticeWrites(notice);
    const again = noticeWrites(notice);
    expect(() => withSteps([...written.steps, ...again.steps], sql`select 1`)).toThrow(
      'two steps named "notice_allowed" in one statement',
    );
    expect(() =>
      withSteps([...written.steps, ...noticeRetractions(notice).steps], sql`select 1`),
    ).not.toThrow();
  });
});
