/**
 * Who may call each state-changing feedback route (a test fixture: the security suites read it
 * through security/route-table.ts). A new route in routes.ts needs its entry here.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../db/schema.ts';
import { memberOf, type RouteEntry } from '../../security/route-entry.ts';
import { json } from '../../security/scene.ts';

export const feedbackRouteTable: Record<string, RouteEntry> = {
  'POST /api/feedback': {
    rule: 'Feedback is authored by the caller.',
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: 'feedback',
    body: 'json',
    async attempt(scene, actor) {
      const caller = memberOf(scene, actor);
      const marker = `feedback ${Math.random()}`;
      return {
        path: '/api/feedback',
        json: { body: marker },
        async verify() {
          const rows = await scene.t.db
            .select()
            .from(schema.feedback)
            .where(eq(schema.feedback.body, marker));
          expect(rows.map((r) => r.authorId)).toEqual(caller ? [caller.id] : []);
        },
      };
    },
    text: {
      fields: ['body'],
      async stored(scene, response) {
        const { id } = await json<{ id: string }>(response);
        const [row] = await scene.t.db.select().from(schema.feedback).where(eq(schema.feedback.id, id));
        return { body: row?.body };
      },
    },
  },
};
