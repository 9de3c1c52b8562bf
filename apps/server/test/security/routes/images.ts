/**
 * Who may call each state-changing images route (a test fixture: the security suites read it
 * through security/route-table.ts). A new route in the feature's routes.ts needs its entry here.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
import { imageForm, makeJpeg } from '../../images.ts';
import { silentMp4 } from '../../videos.ts';
import { memberOf, type RouteEntry } from '../route-entry.ts';
import { forgedIdentity, json } from '../scene.ts';

export const imageRouteTable: Record<string, RouteEntry> = {
  'POST /api/images': {
    rule: 'An upload is always owned by the caller.',
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: 'uploads',
    body: 'multipart',
    async attempt(scene, actor) {
      const form = imageForm(await makeJpeg(64, 48), 'post');
      for (const [name, value] of Object.entries(forgedIdentity(scene.owner.id))) form.set(name, value);
      const caller = memberOf(scene, actor);
      return {
        path: '/api/images',
        form,
        async verify(response) {
          if (!caller) return;
          const { id } = await json<{ id: string }>(response);
          const [row] = await scene.t.db.select().from(schema.images).where(eq(schema.images.id, id));
          expect(row?.ownerId).toBe(caller.id);
        },
      };
    },
  },
  'POST /api/videos': {
    rule: 'A video upload is always owned by the caller; the body is the file, so no identity can ride along.',
    expect: { owner: 201, other: 201, signedOut: 401 },
    rateLimit: 'uploads',
    body: 'file',
    async attempt(scene, actor) {
      const caller = memberOf(scene, actor);
      return {
        path: '/api/videos',
        raw: { body: new Uint8Array(await silentMp4()), contentType: 'video/mp4' },
        async verify(response) {
          if (!caller) return;
          const { id } = await json<{ id: string }>(response);
          const [row] = await scene.t.db.select().from(schema.images).where(eq(schema.images.id, id));
          expect(row?.ownerId).toBe(caller.id);
        },
      };
    },
  },
};
