/**
 * Real video files for upload tests, made by the system ffmpeg at test time (no binary fixtures in
 * the repo): an iPhone-like MOV with GPS, make, model, creation time and a quarter-turn rotation;
 * an HEVC 10-bit HLG clip (what recent iPhones record); a VP9/Opus WebM; a clip without sound; a
 * text file named .mp4; a truncated MP4; and ffprobe's view of any file, to check the outputs.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Runs ffmpeg with `args` (the output is `out`, in a temporary folder) and answers the file's bytes. */
async function make(extension: string, args: (out: string) => string[]): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-video-'));
  try {
    const out = path.join(dir, `clip.${extension}`);
    await run('ffmpeg', ['-hide_banner', '-v', 'error', '-y', ...args(out)], { timeout: 60_000 });
    return await readFile(out);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** A test pattern with a moving clock, `seconds` long, and a tone. */
const picture = (width: number, height: number, seconds: number, fps = 30) => [
  '-f',
  'lavfi',
  '-i',
  `testsrc2=s=${width}x${height}:r=${fps}:d=${seconds}`,
];
const tone = (seconds: number) => ['-f', 'lavfi', '-i', `sine=frequency=440:d=${seconds}`];

/** The tags a phone writes that must never leave the server. */
export const phoneTags = {
  location: '+48.8582+002.2945/',
  'com.apple.quicktime.location.ISO6709': '+48.8582+002.2945/',
  make: 'Apple',
  model: 'iPhone 15 Pro',
  creation_time: '2024-05-01T10:00:00Z',
};
const tagArgs = Object.entries(phoneTags).flatMap(([name, value]) => ['-metadata', `${name}=${value}`]);

/**
 * An iPhone-like portrait clip: stored landscape (`width`×`height`) with a display matrix turning
 * it a quarter (ffmpeg 5.1 has no `-display_rotation`; `rotate` stream metadata on a copy sets the
 * matrix), H.264 + AAC in a QuickTime MOV with location, make, model and creation time.
 */
export async function iphoneMov({ width = 640, height = 360, seconds = 2 } = {}): Promise<Buffer> {
  const encoded = await make('mov', (out) => [
    ...picture(width, height, seconds),
    ...tone(seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    '-c:a',
    'aac',
    '-shortest',
    out,
  ]);
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-video-'));
  try {
    const source = path.join(dir, 'source.mov');
    await import('node:fs/promises').then((fs) => fs.writeFile(source, encoded));
    return await make('mov', (out) => [
      '-i',
      source,
      '-map',
      '0',
      '-c',
      'copy',
      ...tagArgs,
      '-metadata:s:v',
      'rotate=90',
      '-metadata:s:v',
      `creation_time=${phoneTags.creation_time}`,
      '-movflags',
      'use_metadata_tags',
      out,
    ]);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * HEVC 10-bit with HLG transfer and BT.2020 colour, as an iPhone 12 or later records HDR; `still`
 * films colour bars instead of the moving pattern, for comparing colours across frames.
 */
export const hevcHlgMov = ({ seconds = 1, still = false } = {}) =>
  make('mov', (out) => [
    ...(still
      ? ['-f', 'lavfi', '-i', `smptehdbars=s=640x360:r=30:d=${seconds}`]
      : picture(640, 360, seconds)),
    '-c:v',
    'libx265',
    '-preset',
    'ultrafast',
    '-x265-params',
    'log-level=error',
    '-pix_fmt',
    'yuv420p10le',
    '-color_primaries',
    'bt2020',
    '-color_trc',
    'arib-std-b67',
    '-colorspace',
    'bt2020nc',
    '-tag:v',
    'hvc1',
    ...tagArgs,
    out,
  ]);

/** VP9 + Opus in WebM, as browsers and Android record. */
export const vp9Webm = ({ seconds = 1 } = {}) =>
  make('webm', (out) => [
    ...picture(320, 240, seconds),
    ...tone(seconds),
    '-c:v',
    'libvpx-vp9',
    '-deadline',
    'realtime',
    '-cpu-used',
    '8',
    '-b:v',
    '200k',
    '-c:a',
    'libopus',
    '-shortest',
    out,
  ]);

/**
 * H.264 yuv420p, no sound, within every limit: what the pipeline copies without re-encoding.
 * Without faststart, so the copy's box order is the pipeline's doing.
 */
export const silentMp4 = ({ width = 320, height = 240, seconds = 1 } = {}) =>
  make('mp4', (out) => [
    ...picture(width, height, seconds),
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-pix_fmt',
    'yuv420p',
    ...tagArgs,
    out,
  ]);

/** Not a video at all, whatever its name says. */
export const textNamedMp4 = () => Buffer.from('This is a text file that calls itself clip.mp4.\n'.repeat(40));

/** An MP4 cut off half-way: its index (`moov`, at the end without faststart) never arrives. */
export async function truncatedMp4(): Promise<Buffer> {
  const whole = await silentMp4({ seconds: 2 });
  return whole.subarray(0, Math.floor(whole.length / 2));
}

export interface Probed {
  format: { format_name: string; duration: string; tags?: Record<string, string> };
  streams: {
    codec_type: string;
    codec_name: string;
    pix_fmt?: string;
    width?: number;
    height?: number;
    avg_frame_rate?: string;
    color_transfer?: string;
    tags?: Record<string, string>;
    side_data_list?: { side_data_type?: string; rotation?: number }[];
  }[];
}

/** ffprobe's view of `bytes`: format, streams, their tags and side data. */
export async function probe(bytes: Buffer): Promise<Probed> {
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-video-'));
  try {
    const file = path.join(dir, 'probed');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, bytes));
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-print_format',
      'json',
      '-show_format',
      '-show_streams',
      file,
    ]);
    return JSON.parse(stdout) as Probed;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The picture of `bytes` (a video) at `seconds`, as `width`×`height` 8-bit RGB pixels. */
export async function frameAt(
  bytes: Buffer,
  seconds: number,
  width: number,
  height: number,
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'glimpse-video-'));
  try {
    const file = path.join(dir, 'decoded');
    await import('node:fs/promises').then((fs) => fs.writeFile(file, bytes));
    const { stdout } = await run(
      'ffmpeg',
      [
        ...['-hide_banner', '-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1'],
        ...['-vf', `scale=${width}:${height}`, '-pix_fmt', 'rgb24', '-f', 'rawvideo', 'pipe:1'],
      ],
      { encoding: 'buffer', timeout: 60_000 },
    );
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The top-level MP4 boxes in order (`ftyp`, `moov`, `mdat`…): faststart puts `moov` before `mdat`. */
export function topLevelBoxes(bytes: Buffer): string[] {
  const boxes: string[] = [];
  for (let at = 0; at + 8 <= bytes.length; ) {
    let size = bytes.readUInt32BE(at);
    const type = bytes.toString('latin1', at + 4, at + 8);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size === 0) size = bytes.length - at;
    boxes.push(type);
    if (size < 8) break;
    at += size;
  }
  return boxes;
}

/** Every tag ffprobe finds, in the container and in each stream: what a phone's location hides in. */
export const allTags = (probed: Probed): Record<string, string> => ({
  ...probed.format.tags,
  ...Object.assign({}, ...probed.streams.map((s) => s.tags ?? {})),
});
