/**
 * Who may call each client API media route, and with which scope (a test fixture: the client API
 * matrix reads it through security/client-api-table.ts). A new route in
 * composers/mastodon-api/media.ts needs its entry here.
 */
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { expect } from 'vitest';
import * as schema from '../../../src/db/schema.ts';
import type { ClientApiEntry } from '../client-api-entry.ts';
import { uploadOf } from './statuses.ts';

async function photoForm() {
  const jpeg = await sharp({ create: { width: 32, height: 24, channels: 3, background: '#c84' } })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(jpeg)]), 'blob');
  return form;
}

function uploadEntry(version: 'v1' | 'v2'): ClientApiEntry {
  return {
    scopes: ['write:media'],
    rule: 'An upload is stored as the token’s member’s own, through the web’s upload checks.',
    expect: { owner: 200, other: 200, wrongScope: 403, noToken: 401 },
    rateLimit: 'uploads',
    async attempt(scene, actor) {
      return {
        path: `/api/${version}/media`,
        form: await photoForm(),
        async verify(response) {
          if (response.status !== 200) return;
          const { id } = (await response.json()) as { id: string };
          const [row] = await scene.t.db.select().from(schema.images).where(eq(schema.images.id, id));
          expect(row?.ownerId).toBe(actor === 'owner' ? scene.owner.id : scene.other.id);
        },
      };
    },
  };
}

export const mediaEntries: Record<string, ClientApiEntry> = {
  'POST /api/v2/media': uploadEntry('v2'),
  'POST /api/v1/media': uploadEntry('v1'),
  'GET /api/v1/media/:id': {
    scopes: ['write:media'],
    rule: 'An upload is read by its uploader only; to anyone else it does not exist.',
    expect: { owner: 200, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      return { path: `/api/v1/media/${await uploadOf(scene, scene.owner.id)}` };
    },
  },
  'PUT /api/v1/media/:id': {
    scopes: ['write:media'],
    rule: 'An upload is described by its uploader only; to anyone else it does not exist.',
    expect: { owner: 200, other: 404, wrongScope: 403, noToken: 401 },
    rateLimit: null,
    async attempt(scene) {
      return { path: `/api/v1/media/${await uploadOf(scene, scene.owner.id)}`, json: { focus: '0.1,-0.2' } };
    },
  },
};
