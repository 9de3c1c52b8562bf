/**
 * HEIC (HEVC-coded HEIF, the iPhone default) decoded to raw pixels for the image pipeline. sharp's
 * prebuilt libvips reads HEIF coded with AV1 (AVIF) only, and no system library may be assumed, so
 * HEVC comes from libheif and libde265 compiled to WebAssembly (`libheif-js`, LGPL-3.0, loaded
 * from node_modules as it ships, never bundled into ours).
 *
 * Each decode runs in a worker thread of its own that ends afterwards, because:
 * - the decode is synchronous WebAssembly (seconds for a 12-megapixel photo here), which on the
 *   main thread would stall every request of the process;
 * - WebAssembly memory only grows: one 12-megapixel decode leaves ~200 MB in the heap for the
 *   life of its thread, and ending the thread is the only way to hand it back.
 * One decode at a time per process, so two HEIC uploads never hold two heaps at once.
 *
 * The worker reads the header first and refuses an image over the pixel limit before decoding a
 * single tile. libheif applies the file's rotation and mirroring (`irot`/`imir`, which HEIF puts
 * in place of the EXIF orientation), so the pixels arrive upright; raw pixels carry no metadata.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

export interface DecodedHeic {
  width: number;
  height: number;
  channels: 3 | 4;
  data: Buffer;
}

export type HeicFailure = 'tooManyPixels' | 'notAnImage';

export class HeicDecodeError extends Error {
  constructor(readonly reason: HeicFailure) {
    super(`HEIC decode failed: ${reason}`);
  }
}

/** Plain CommonJS so the worker needs no file of its own in the bundled server. */
const workerSource = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { modulePath, bytes, maxPixels } = workerData;
const fail = (reason) => parentPort.postMessage({ reason });
new Promise((resolve) => {
  const wasmBinary = readFileSync(path.join(path.dirname(modulePath), 'libheif.wasm'));
  // With the binary at hand the runtime may start before the factory returns: resolve after it.
  const lib = require(modulePath)({ wasmBinary, onRuntimeInitialized: () => queueMicrotask(() => resolve(lib)), print() {}, printErr() {} });
}).then(async (lib) => {
  // Error codes are embind enum objects, compared by identity.
  const ok = lib.heif_error_code.heif_error_Ok;
  const failed = (result) => !result || (result.code !== undefined && result.code !== ok);
  const context = lib.heif_context_alloc();
  if (failed(lib.heif_context_read_from_memory(context, new Uint8Array(bytes)))) return fail('notAnImage');
  const ids = lib.heif_js_context_get_list_of_top_level_image_IDs(context);
  if (failed(ids) || !ids.length) return fail('notAnImage');
  let handle;
  for (const id of ids) {
    const candidate = lib.heif_js_context_get_image_handle(context, id);
    if (!failed(candidate) && (!handle || lib.heif_image_handle_is_primary_image(candidate))) handle = candidate;
  }
  if (!handle) return fail('notAnImage');
  const width = lib.heif_image_handle_get_width(handle);
  const height = lib.heif_image_handle_get_height(handle);
  if (!(width > 0 && height > 0)) return fail('notAnImage');
  if (width * height > maxPixels) return fail('tooManyPixels');
  const channels = lib.heif_image_handle_has_alpha_channel(handle) ? 4 : 3;
  const chroma = channels === 4 ? lib.heif_chroma.heif_chroma_interleaved_RGBA : lib.heif_chroma.heif_chroma_interleaved_RGB;
  const image = await lib.heif_js_decode_image2(handle, lib.heif_colorspace.heif_colorspace_RGB, chroma);
  if (failed(image)) return fail('notAnImage');
  const plane = image.channels.find((c) => c.id === lib.heif_channel.heif_channel_interleaved);
  if (!plane || plane.width !== width || plane.height !== height) return fail('notAnImage');
  const row = width * channels;
  const data = new Uint8Array(row * height);
  for (let y = 0; y < height; y++) data.set(plane.data.subarray(y * plane.stride, y * plane.stride + row), y * row);
  parentPort.postMessage({ width, height, channels, data }, [data.buffer]);
}).catch(() => fail('notAnImage'));
`;

const libheifPath = () => createRequire(import.meta.url).resolve('libheif-js/libheif-wasm/libheif.js');

/** Far above a real photo's decode (8.9 s for 12 MP of noise here); a file that loops is stopped. */
const decodeTimeoutMs = 120_000;

let previous: Promise<unknown> = Promise.resolve();

/** Upright RGB(A) pixels of the file's primary image; rejects with a `HeicDecodeError`. */
export function decodeHeic(input: Buffer, maxPixels: number): Promise<DecodedHeic> {
  const turn = previous.then(
    () => decodeInWorker(input, maxPixels),
    () => decodeInWorker(input, maxPixels),
  );
  previous = turn.catch(() => {});
  return turn;
}

function decodeInWorker(input: Buffer, maxPixels: number): Promise<DecodedHeic> {
  return new Promise((resolve, reject) => {
    // A copy: the worker takes the bytes over, and the caller keeps its buffer (the kept original).
    const bytes = new Uint8Array(input).buffer;
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { modulePath: libheifPath(), bytes, maxPixels },
      transferList: [bytes],
    });
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      outcome();
      void worker.terminate();
    };
    const timer = setTimeout(() => settle(() => reject(new HeicDecodeError('notAnImage'))), decodeTimeoutMs);
    worker.once(
      'message',
      (message: { reason: HeicFailure } | (Omit<DecodedHeic, 'data'> & { data: Uint8Array })) =>
        settle(() => {
          if ('reason' in message) reject(new HeicDecodeError(message.reason));
          else
            resolve({
              ...message,
              data: Buffer.from(message.data.buffer, message.data.byteOffset, message.data.byteLength),
            });
        }),
    );
    worker.once('error', () => settle(() => reject(new HeicDecodeError('notAnImage'))));
    worker.once('exit', () => settle(() => reject(new HeicDecodeError('notAnImage'))));
  });
}
