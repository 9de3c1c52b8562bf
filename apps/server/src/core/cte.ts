/**
 * An action as one statement of data-modifying CTEs (a like, a comment: posts/queries.ts), whose
 * steps come from several modules: the feature's own rows, the counter (core/counters.ts), the
 * notice written or taken back (core/notify.ts). Each step is a `Cte`, named once where it is
 * made; later steps and the final select refer to it through that value (`from ${target}`), never
 * by typing its name again, and `withSteps` refuses two steps of one name. So what one module's
 * step reads of another's is an import the compiler follows, not a string both must spell alike.
 */
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/** A step of a statement: `name as (body)`. Written into SQL (`${step}`), it is its name. */
export class Cte implements SQLWrapper {
  constructor(
    readonly name: string,
    readonly body: SQL,
  ) {}

  getSQL(): SQL {
    return sql`${sql.identifier(this.name)}`;
  }

  /** A reference is a name, never a parenthesised subquery. */
  shouldOmitSQLParens(): boolean {
    return true;
  }
}

export const cte = (name: string, body: SQL): Cte => new Cte(name, body);

/** `with <steps> <select>`: the steps in the order given, each name once. */
export function withSteps(steps: readonly Cte[], select: SQL): SQL {
  const names = new Set<string>();
  for (const step of steps) {
    if (names.has(step.name)) throw new Error(`two steps named "${step.name}" in one statement`);
    names.add(step.name);
  }
  return sql`with ${sql.join(
    steps.map((step) => sql`${step} as (${step.body})`),
    sql`, `,
  )} ${select}`;
}
