/**
 * Running out of storage space. `isOutOfSpace` recognises the errors that mean it, from every
 * place a write lands: the disk or quota under DATA_DIR and the uploads (ENOSPC, EDQUOT),
 * PostgreSQL's `disk_full` (53100), and S3-compatible services that say they are full (MinIO's
 * codes, HTTP 507). app/errors.ts answers them with 503 and the shared message instead of a 500, and
 * tells the space monitor, which `/api/health` reads (docs/operations.md, "Health and disk space").
 */
import { statfs as statfsOfNode } from 'node:fs/promises';

/** Node's codes for a full disk or quota, and PostgreSQL's SQLSTATE `disk_full`. */
const outOfSpaceCodes = new Set(['ENOSPC', 'EDQUOT', '53100']);
/** What S3-compatible services call it (the SDK names the error by the service's code). */
const outOfSpaceNames = new Set([
  'XMinioStorageFull',
  'XMinioAdminBucketQuotaExceeded',
  'InsufficientStorage',
]);

export function isOutOfSpace(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && typeof current === 'object' && depth < 6; depth++) {
    const candidate = current as {
      code?: unknown;
      name?: unknown;
      cause?: unknown;
      errors?: unknown[];
      $metadata?: { httpStatusCode?: number };
    };
    if (typeof candidate.code === 'string' && outOfSpaceCodes.has(candidate.code)) return true;
    if (typeof candidate.name === 'string' && outOfSpaceNames.has(candidate.name)) return true;
    if (candidate.$metadata?.httpStatusCode === 507) return true;
    if (Array.isArray(candidate.errors) && candidate.errors.some(isOutOfSpace)) return true;
    current = candidate.cause;
  }
  return false;
}

/**
 * `ok`; `low`: less free space than STORAGE_MIN_FREE_MB on a local disk the app writes to (writes
 * still work, but not for long); `full`: a write failed for want of space in the last few minutes.
 */
export type StorageCondition = 'ok' | 'low' | 'full';

export interface SpaceMonitor {
  /** A write failed for want of space (app/errors.ts calls it for every such error it answers). */
  noteOutOfSpace(): void;
  check(): Promise<StorageCondition>;
  /** The least free space among the local folders (the dashboard's "Free disk"); null if none answers. */
  freeBytes(): Promise<number | null>;
}

type Statfs = (path: string) => Promise<{ bavail: number; bsize: number }>;

/** How long one failed write keeps the condition `full`: freeing space is not seen at once. */
export const outOfSpaceMemoryMs = 5 * 60 * 1000;

export function createSpaceMonitor({
  paths,
  minFreeBytes,
  statfs = statfsOfNode,
  now = Date.now,
}: {
  /** Local folders the app writes to: DATA_DIR (the embedded PostgreSQL, mail, exports) and the uploads. */
  paths: readonly string[];
  minFreeBytes: number;
  statfs?: Statfs;
  now?: () => number;
}): SpaceMonitor {
  let lastFailureAt = Number.NEGATIVE_INFINITY;
  async function freeBytes(): Promise<number | null> {
    const free = await Promise.all(
      paths.map((path) =>
        statfs(path).then(
          ({ bavail, bsize }) => bavail * bsize,
          // A folder not made yet (no upload so far) has nothing to say.
          () => null,
        ),
      ),
    );
    const known = free.filter((bytes): bytes is number => bytes !== null);
    return known.length > 0 ? Math.min(...known) : null;
  }
  return {
    noteOutOfSpace() {
      lastFailureAt = now();
    },
    async check() {
      // A remote PostgreSQL or a bucket can be full while the local disk is not: the failure counts.
      if (now() - lastFailureAt < outOfSpaceMemoryMs) return 'full';
      const free = await freeBytes();
      return free !== null && free < minFreeBytes ? 'low' : 'ok';
    },
    freeBytes,
  };
}
