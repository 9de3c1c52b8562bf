/**
 * `GET /media/<key>`: uploaded pictures as the storage driver holds them, and what may be served at
 * all. Some folders never are (originals, data exports, archives waiting for import, report
 * evidence); a photo only some may see opens with its signed, expiring address alone; a remote
 * picture the cache evicted is fetched back from its source first (composers/federation/mirror/media-cache.ts).
 */
import type { Handler } from 'hono';
import { exportFolder } from '../composers/account/data-export.ts';
import { createRemoteMediaCache } from '../composers/federation/mirror/media-cache.ts';
import { importFolder } from '../composers/import/service.ts';
import type { AppEnv } from '../core/http.ts';
import { mediaReachOf } from '../core/images.ts';
import type { AppDeps } from '../deps.ts';
import { isReportSnapshotKey, mediaContentType, originalsFolder, parseRange } from '../storage/storage.ts';

/**
 * Folders `/media` never serves. Compared in any case: keys accept capitals, and on a disk that
 * ignores case (macOS, Windows) `Originals/x.jpg` opens `originals/x.jpg`.
 */
const unservedFolders = new Set([
  // Uploads as sent, EXIF and GPS included: for their owner's export only.
  originalsFolder,
  // Data exports: only their owner downloads them, via the API.
  exportFolder,
  // Uploaded archives wait for their import job, never to be served.
  importFolder,
]);

export const isUnservedKey = (key: string) =>
  unservedFolders.has(key.slice(0, key.indexOf('/')).toLowerCase()) ||
  // Reports' pictures are evidence for staff, read through the console's API (safety/routes.ts).
  isReportSnapshotKey(key);

/** The handler of `GET /media/*`. */
export function mediaFiles(deps: AppDeps): Handler<AppEnv> {
  const remoteMedia = createRemoteMediaCache(deps);
  return async (c) => {
    const key = c.req.path.slice('/media/'.length);
    if (isUnservedKey(key)) return c.body(null, 404);
    // A photo only some may see opens with its signed, expiring address alone, and no shared cache
    // keeps it: a follower blocked later, or a post deleted, leaves no copy behind in a CDN.
    const reach = await mediaReachOf(deps.db, key);
    if (reach === null) return c.body(null, 404);
    const expires = c.req.query('e');
    if (reach === 'audience' && !deps.storage.opensPrivateLink(key, expires, c.req.query('s'))) {
      return c.body(null, 404);
    }
    // A player (Safari always) asks for parts of a video: only that part is read from storage.
    const range = parseRange(c.req.header('range'));
    let file = await deps.storage.get(key, range ?? undefined);
    // An evicted remote picture: fetched back from the source its row keeps, then served from here.
    // Looked for again whatever fetchBack says: another viewer's fetch-back may have finished
    // between this one's miss and its question, and then there is nothing evicted left to fetch.
    if (!file) {
      await remoteMedia.fetchBack(key);
      file = await deps.storage.get(key, range ?? undefined);
    }
    if (!file) return c.body(null, 404);
    remoteMedia.served(key);
    const headers = {
      'content-type': mediaContentType(key, file),
      'accept-ranges': 'bytes',
      // Keys carry a timestamp and never change content, so browsers and CDNs may keep them forever;
      // the audience's browser keeps its copy only as long as its address works.
      'cache-control':
        reach === 'open'
          ? 'public, max-age=31536000, immutable'
          : `private, max-age=${Math.max(0, Number(expires) - Math.floor(Date.now() / 1000))}`,
    };
    if (file.range === 'unsatisfiable') {
      return c.body(null, 416, { ...headers, 'content-range': `bytes */${file.size}` });
    }
    if (file.range) {
      const { start, end } = file.range;
      return c.body(file.body, 206, {
        ...headers,
        'content-range': `bytes ${start}-${end}/${file.size}`,
        'content-length': String(end - start + 1),
      });
    }
    return c.body(file.body, 200, { ...headers, 'content-length': String(file.size) });
  };
}
