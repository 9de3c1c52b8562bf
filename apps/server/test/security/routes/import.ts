/**
 * Who may call each state-changing import route (a test fixture: the security suites read it
 * through security/route-table.ts). A new route in composers/import/routes.ts needs its entry here.
 */
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { instagramArchive } from '../../../src/composers/import/fixtures/archives.ts';
import * as schema from '../../../src/db/schema.ts';
import { makeJpeg } from '../../images.ts';
import { memberOf, type RouteEntry } from '../route-entry.ts';

export const importRouteTable: Record<string, RouteEntry> = {
  'POST /api/import': {
    rule: 'An archive is imported into the caller’s own account only.',
    expect: { owner: 202, other: 202, signedOut: 401 },
    rateLimit: 'imports',
    body: 'file',
    async attempt(scene, actor) {
      const archive = instagramArchive([
        { caption: 'Imported', time: 1_600_000_000, photos: [{ data: await makeJpeg(64, 48) }] },
      ]);
      const caller = memberOf(scene, actor);
      const ownersImport = async () =>
        (
          await scene.t.db
            .select({ id: schema.archiveImports.id })
            .from(schema.archiveImports)
            .where(eq(schema.archiveImports.userId, scene.owner.id))
        )[0]?.id ?? null;
      const before = await ownersImport();
      return {
        path: '/api/import',
        raw: { body: new Uint8Array(archive), contentType: 'application/zip' },
        async verify() {
          // The owner's import changes only when the owner sent one.
          const after = await ownersImport();
          if (caller?.id === scene.owner.id) expect(after).not.toBe(before);
          else expect(after).toBe(before);
        },
      };
    },
  },
};
