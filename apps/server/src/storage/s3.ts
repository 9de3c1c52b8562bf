/**
 * The S3-compatible storage driver (AWS S3, MinIO, Cloudflare R2, …), built on the official AWS
 * SDK so request signing is never ours. Same contract as the local driver: safe keys only, a
 * missing key reads as null, deletes are idempotent. Objects are written with their content type
 * and an immutable cache header, so a CDN in front of the bucket may keep them forever.
 */

import { createReadStream, createWriteStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { S3Settings } from '../env.ts';
import { immutableCacheControl, isSafeKey, resolveRange, type StorageDriver } from './storage.ts';

/** The `Range` header S3 takes for a range from a known first byte (it resolves an open end itself). */
const rangeHeader = (range: { start: number; end?: number }) => `bytes=${range.start}-${range.end ?? ''}`;

/** `bytes 100-199/1234` → its first and last byte and the whole size. */
const parseContentRange = (value: string | undefined) => {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value ?? '');
  return match ? { start: Number(match[1]), end: Number(match[2]), size: Number(match[3]) } : null;
};

const isUnsatisfiable = (error: unknown) =>
  error instanceof S3ServiceException &&
  (error.name === 'InvalidRange' || error.$metadata.httpStatusCode === 416);

/** DeleteObjects accepts at most this many keys per request. */
export const deleteBatchSize = 1000;

export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    forcePathStyle: settings.forcePathStyle,
    credentials: settings.credentials,
    // Checksums only where S3 demands them: several S3-compatible services reject or ignore the
    // SDK's newer default (a CRC32 on every request), and TLS already protects the bytes in transit.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

const isMissing = (error: unknown) =>
  error instanceof NoSuchKey ||
  (error instanceof S3ServiceException &&
    (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404));

function requireSafeKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`Refusing unsafe storage key: ${key}`);
  return key;
}

export function createS3Storage(
  settings: S3Settings,
  client: S3Client = createS3Client(settings),
): StorageDriver {
  const Bucket = settings.bucket;
  const driver: StorageDriver = {
    async put(key, data, contentType) {
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: requireSafeKey(key),
          Body: data,
          ContentLength: data.byteLength,
          ContentType: contentType,
          // Keys carry a timestamp and never change content.
          CacheControl: immutableCacheControl,
        }),
      );
    },

    async putFile(key, file, contentType) {
      const { size } = await stat(file);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: requireSafeKey(key),
          Body: createReadStream(file),
          ContentLength: size,
          ContentType: contentType,
        }),
      );
    },

    async getFile(key, file) {
      const stored = await driver.get(key);
      if (!stored) return false;
      await pipeline(
        Readable.fromWeb(stored.body as import('node:stream/web').ReadableStream),
        createWriteStream(file),
      );
      return true;
    },

    async get(key, asked) {
      if (!isSafeKey(key)) return null;
      try {
        // The last n bytes: resolved against the size here, since not every S3-compatible server
        // reads `bytes=-n` as the end of the object (s3rver reads it as the first n + 1).
        let range: { start: number; end?: number } | undefined;
        if (asked && 'suffix' in asked) {
          const head = await client.send(new HeadObjectCommand({ Bucket, Key: key }));
          const size = head.ContentLength ?? 0;
          const bytes = resolveRange(asked, size);
          if (!bytes)
            return {
              body: new Blob([]).stream(),
              size,
              contentType: head.ContentType,
              range: 'unsatisfiable',
            };
          range = bytes;
        } else range = asked;
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: key, ...(range && { Range: rangeHeader(range) }) }),
        );
        if (!object.Body) return null;
        const part = range ? parseContentRange(object.ContentRange) : null;
        return {
          body: object.Body.transformToWebStream(),
          size: part?.size ?? object.ContentLength ?? 0,
          contentType: object.ContentType,
          ...(part && { range: { start: part.start, end: part.end } }),
        };
      } catch (error) {
        if (isMissing(error)) return null;
        if (asked && isUnsatisfiable(error)) {
          // Past the end: the answer names the whole size (`bytes */1234`), which S3's error does not.
          const head = await client.send(new HeadObjectCommand({ Bucket, Key: key })).catch((e) => {
            if (isMissing(e)) return null;
            throw e;
          });
          if (!head) return null;
          return {
            body: new Blob([]).stream(),
            size: head.ContentLength ?? 0,
            contentType: head.ContentType,
            range: 'unsatisfiable' as const,
          };
        }
        throw error;
      }
    },

    async delete(keys) {
      const objects = keys.map((key) => ({ Key: requireSafeKey(key) }));
      for (let start = 0; start < objects.length; start += deleteBatchSize) {
        const batch = objects.slice(start, start + deleteBatchSize);
        // Quiet: the answer lists only failures. A key that does not exist is not a failure.
        const result = await client.send(
          new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }),
        );
        const failed = result.Errors ?? [];
        if (failed.length > 0) {
          const sample = failed
            .slice(0, 3)
            .map((e) => `${e.Key}: ${e.Code}`)
            .join(', ');
          throw new Error(`S3 could not delete ${failed.length} object(s): ${sample}`);
        }
      }
    },

    publicUrl: (key) => (settings.publicUrl ? `${settings.publicUrl}/${key}` : `/media/${key}`),
  };
  return driver;
}
