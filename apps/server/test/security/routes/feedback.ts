/**
 * Who may call each state-changing feedback route (a test fixture: the security suites read it
 * through security/route-table.ts). A new route in the feature's routes.ts needs its entry here.
 */
import { eq } from 'drizzle-orm';
import * as schema from '../../../src/db/schema.ts';
import { expectWrittenBy, type RouteEntry, storedById } from '../route-entry.ts';

export const feedbackRouteTable: Record<string, RouteEntry> = {
  'POST /api/feedback': {
    rule: 'Feedback is authored by the caller.',
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: 'feedback',
    body: 'json',
    async attempt(scene, actor) {
      const marker = `feedback ${Math.random()}`;
      return {
        path: '/api/feedback',
        json: { body: marker },
        verify: () =>
          expectWrittenBy(scene, actor, schema.feedback.authorId, eq(schema.feedback.body, marker)),
      };
    },
    text: storedById(schema.feedback, ['body']),
  },
};
