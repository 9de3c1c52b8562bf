/**
 * The video pipeline, the photo pipeline's twin (pipeline.ts): what an upload is, read by ffprobe
 * from its content (never its name or declared type), refused with the reason a member can act on;
 * its poster frame (upright, tone-mapped, then the photo pipeline's WebP sizes and thumbhash); and
 * the MP4 every browser and app plays: H.264 yuv420p 8-bit, even sides, longer side at most
 * `limits.videoMaxSide`, at most `limits.videoMaxFps`, AAC, `faststart`, with every metadata tag
 * gone (location, make and model, creation time) whether it is re-encoded or copied.
 */
import { limits, messages, videoFormats } from '@glimpse/shared';
import { invalid, tooLarge } from '../../lib/errors.ts';
import { type Ffmpeg, FfmpegError, runMedia, untrustedInput } from '../../lib/ffmpeg.ts';

/** What the pipeline needs to know of an accepted upload. */
export interface ProbedVideo {
  container: string;
  videoCodec: string;
  pixelFormat: string;
  audioCodec: string | null;
  /** As stored, before the rotation. */
  codedWidth: number;
  codedHeight: number;
  /** Degrees the player turns the picture (a phone held upright records landscape and says 90). */
  rotation: number;
  durationMs: number;
  fps: number;
  /**
   * HLG (an iPhone's HDR) or PQ: mapped to SDR BT.709, since Chromium and Firefox show it washed
   * out; null for SDR.
   */
  hdr: 'hlg' | 'pq' | null;
}

const probeTimeoutMs = 30_000;

interface ProbeStream {
  codec_type?: string;
  codec_name?: string;
  pix_fmt?: string;
  width?: number;
  height?: number;
  avg_frame_rate?: string;
  r_frame_rate?: string;
  color_transfer?: string;
  duration?: string;
  tags?: Record<string, string>;
  side_data_list?: { side_data_type?: string; rotation?: number }[];
}

const rate = (fraction: string | undefined) => {
  const [n, d] = (fraction ?? '0/0').split('/').map(Number);
  return n && d ? n / d : 0;
};

/** What a decode failure means for the member: a file that ends early or does not parse is corrupt. */
const corrupt = () => invalid(messages.video.corrupt);

/**
 * Reads `file` with ffprobe and refuses what the pipeline does not take: not a video (no demuxer
 * of the accepted containers reads it, or it has no video stream), a codec outside
 * `videoFormats`, longer than `maxSeconds`, more pixels than `limits.videoMaxPixels`, or a file
 * whose packets do not read to the end (truncated).
 */
export async function probeVideo(ff: Ffmpeg, file: string, maxSeconds: number): Promise<ProbedVideo> {
  let output: Buffer;
  try {
    output = await runMedia(
      ff.ffprobe,
      ['-v', 'error', ...untrustedInput(file), '-print_format', 'json', '-show_format', '-show_streams'],
      { timeoutMs: probeTimeoutMs, binaryOut: true },
    );
  } catch (error) {
    // No accepted demuxer could read it: a text file named .mp4, a picture, a PDF.
    if (error instanceof FfmpegError && !error.timedOut) {
      throw /moov atom not found|Invalid data found/i.test(error.stderr)
        ? invalid(
            /moov atom not found/i.test(error.stderr) ? messages.video.corrupt : messages.video.notAVideo,
          )
        : invalid(messages.video.notAVideo);
    }
    throw corrupt();
  }
  const parsed = JSON.parse(output.toString('utf8')) as {
    format?: { format_name?: string; duration?: string };
    streams?: ProbeStream[];
  };
  const streams = parsed.streams ?? [];
  const video = streams.find((s) => s.codec_type === 'video');
  const audio = streams.find((s) => s.codec_type === 'audio');
  const container = parsed.format?.format_name ?? '';
  if (
    !video ||
    !container.split(',').some((name) => (videoFormats.containers as readonly string[]).includes(name))
  )
    throw invalid(messages.video.notAVideo);
  if (
    !(videoFormats.videoCodecs as readonly string[]).includes(video.codec_name ?? '') ||
    (audio && !(videoFormats.audioCodecs as readonly string[]).includes(audio.codec_name ?? ''))
  )
    throw invalid(messages.video.unsupportedCodec);
  const width = video.width ?? 0;
  const height = video.height ?? 0;
  if (!width || !height) throw corrupt();
  if (width * height > limits.videoMaxPixels) throw invalid(messages.video.tooManyPixels);
  const seconds = Number(parsed.format?.duration ?? video.duration ?? Number.NaN);
  if (!Number.isFinite(seconds) || seconds <= 0) throw corrupt();
  if (seconds > maxSeconds + 0.5) throw invalid(messages.video.tooLong(maxSeconds));
  const matrix = video.side_data_list?.find((d) => d.side_data_type === 'Display Matrix');
  const rotation = (((Math.round(matrix?.rotation ?? Number(video.tags?.rotate ?? 0)) % 360) + 360) %
    360) as number;
  return {
    container,
    videoCodec: video.codec_name!,
    pixelFormat: video.pix_fmt ?? '',
    audioCodec: audio?.codec_name ?? null,
    codedWidth: width,
    codedHeight: height,
    rotation,
    durationMs: Math.round(seconds * 1000),
    fps: rate(video.avg_frame_rate) || rate(video.r_frame_rate),
    hdr: video.color_transfer === 'arib-std-b67' ? 'hlg' : video.color_transfer === 'smpte2084' ? 'pq' : null,
  };
}

/** The size the picture shows at, upright: a quarter turn swaps the sides. */
export function displayedSize(probe: Pick<ProbedVideo, 'codedWidth' | 'codedHeight' | 'rotation'>) {
  const turned = probe.rotation === 90 || probe.rotation === 270;
  return turned
    ? { width: probe.codedHeight, height: probe.codedWidth }
    : { width: probe.codedWidth, height: probe.codedHeight };
}

const even = (n: number) => Math.max(2, Math.round(n / 2) * 2);

/** The stored MP4's size: upright, the longer side at most `limits.videoMaxSide`, both even. */
export function outputSize(probe: ProbedVideo) {
  const { width, height } = displayedSize(probe);
  const scale = Math.min(1, limits.videoMaxSide / Math.max(width, height));
  return { width: even(width * scale), height: even(height * scale) };
}

/**
 * Whether the source may be copied as it is (only re-muxed, metadata dropped): already what the
 * output would be, so re-encoding would only lose quality and take time.
 */
export function canCopy(probe: ProbedVideo): boolean {
  const { width, height } = displayedSize(probe);
  return (
    probe.videoCodec === 'h264' &&
    probe.pixelFormat === 'yuv420p' &&
    (probe.audioCodec === null || probe.audioCodec === 'aac') &&
    probe.rotation === 0 &&
    !probe.hdr &&
    width % 2 === 0 &&
    height % 2 === 0 &&
    Math.max(width, height) <= limits.videoMaxSide &&
    probe.fps <= limits.videoMaxFps + 0.01
  );
}

/**
 * The picture's filters: ffmpeg turns it upright itself (autorotate) before these, then one pass
 * scales it to even sides in 8-bit 4:2:0 and maps HDR to SDR BT.709 (docs/architecture.md, "Video").
 * HLG is made to look right on an SDR screen as it is: its signal is read with a BT.709 curve and
 * only its BT.2020 colours are mapped into BT.709, in the same zimg pass as the scale (a linear-light
 * float detour through `tonemap=hable` cost ~1.2 CPU-seconds per second of 1080p, more than decoding
 * it, where this pass costs 0.2; it also turned a saturated yellow orange). PQ is not: it keeps the detour (zimg's linearisation and gamut, Hable's curve), at the
 * output's size so a 4K source is mapped at a quarter of its pixels.
 */
function videoFilters(probe: ProbedVideo): string {
  const { width, height } = outputSize(probe);
  const size = `w=${width}:h=${height}:f=bicubic`;
  if (probe.hdr === 'hlg') return `zscale=${size}:tin=bt709:t=bt709:p=bt709:m=bt709:r=tv,format=yuv420p`;
  if (probe.hdr === 'pq')
    return `zscale=${size}:t=linear:npl=100:p=bt709,format=gbrpf32le,tonemap=tonemap=hable:desat=0,zscale=t=bt709:m=bt709:r=tv,format=yuv420p`;
  return `scale=${width}:${height}:flags=bicubic,format=yuv420p`;
}

/** Drops every tag (container, streams, chapters) and every stream but one picture and one sound. */
const stripEverything = [
  '-map',
  '0:v:0',
  '-map',
  '0:a:0?',
  '-map_metadata',
  '-1',
  '-map_metadata:s:v',
  '-1',
  '-map_metadata:s:a',
  '-1',
  '-map_chapters',
  '-1',
  '-dn',
  '-sn',
  // Without bitexact the muxer writes its own name and version as an `encoder` tag.
  '-fflags',
  '+bitexact',
];

/** The arguments that make `output` (an MP4) from `input`. */
export function transcodeArgs(probe: ProbedVideo, input: string, output: string): string[] {
  const common = ['-hide_banner', '-nostdin', '-v', 'error', '-progress', 'pipe:1', '-nostats'];
  const mp4 = ['-movflags', '+faststart', '-f', 'mp4', '-y', `file:${output}`];
  if (canCopy(probe)) return [...common, ...untrustedInput(input), ...stripEverything, '-c', 'copy', ...mp4];
  return [
    ...common,
    // Two decoding threads: the HEVC decode then keeps pace with x264 (one left it waiting ~2 s of
    // a 30 s clip), for ~4 MB more pictures held.
    '-threads',
    '2',
    ...untrustedInput(input),
    ...stripEverything,
    '-vf',
    videoFilters(probe),
    ...(probe.fps > limits.videoMaxFps + 0.01 ? ['-r', String(limits.videoMaxFps)] : []),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '23',
    // Two threads whatever the machine (x264's own choice is 1.5 per core, each frame thread with
    // its frames in memory), as slices of one frame rather than frames side by side, with a
    // 5-frame lookahead and 2 B-frames: ~55 MB less than `veryfast`'s 10 and 3 with frame threads,
    // a second faster on a 30 s clip, at an SSIM 0.001 lower (docs/architecture.md, "Video").
    '-threads',
    '2',
    '-x264-params',
    'sync-lookahead=0:sliced-threads=1:rc-lookahead=5:bframes=2',
    '-profile:v',
    'high',
    '-pix_fmt',
    'yuv420p',
    // The colour the picture now has, so that players do not guess (or keep the HLG tags).
    '-color_primaries',
    'bt709',
    '-color_trc',
    'bt709',
    '-colorspace',
    'bt709',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-ac',
    '2',
    ...mp4,
  ];
}

/**
 * The CPU time a transcode may use before it is taken for stuck: a minute plus 15 CPU-seconds per
 * second of video. The dearest input taken, a 4K HEVC 10-bit HLG phone clip tone-mapped to 1080p,
 * cost 11.5 CPU-seconds per second on this machine's cores (a 1080p H.264 one 1.2). CPU, not wall
 * time: at nice 10 on a busy machine the same work took three times as long (docs/architecture.md).
 */
export const transcodeCpuLimitMs = (probe: Pick<ProbedVideo, 'durationMs'>) => 60_000 + probe.durationMs * 15;
/** Only for an ffmpeg that waits without computing (never seen): four times its CPU time in wall time. */
const transcodeTimeoutMs = (probe: ProbedVideo) => transcodeCpuLimitMs(probe) * 4;

/** Makes the MP4; `onProgress` hears the share done (0 to 1) as ffmpeg reports it. */
export async function transcodeVideo(
  ff: Ffmpeg,
  probe: ProbedVideo,
  input: string,
  output: string,
  onProgress: (done: number) => void = () => {},
  signal?: AbortSignal,
  onSpawn?: (pid: number) => void,
): Promise<void> {
  await runMedia(ff.ffmpeg, transcodeArgs(probe, input, output), {
    timeoutMs: transcodeTimeoutMs(probe),
    cpuLimitMs: transcodeCpuLimitMs(probe),
    signal,
    onSpawn,
    onLine(line) {
      const micros = /^out_time_us=(\d+)/.exec(line)?.[1];
      if (micros) onProgress(Math.min(1, Number(micros) / 1000 / probe.durationMs));
    },
  });
}

/**
 * One frame, upright and tone-mapped like the video, as PNG bytes for the photo pipeline: a second
 * in (past a fade from black), or the middle of a shorter clip. A frame that cannot be decoded
 * means the file is damaged.
 */
export async function posterFrame(ff: Ffmpeg, probe: ProbedVideo, input: string): Promise<Buffer> {
  const at = Math.min(1, probe.durationMs / 2000).toFixed(3);
  let png: Buffer;
  try {
    png = await runMedia(
      ff.ffmpeg,
      [
        '-hide_banner',
        '-nostdin',
        '-v',
        'error',
        '-ss',
        at,
        ...untrustedInput(input),
        '-map',
        '0:v:0',
        '-frames:v',
        '1',
        '-vf',
        // 8-bit RGB, and PNG's fastest deflate: the filters' 10-bit output of an HDR clip became a
        // 16-bit PNG, whose 12 MB took ffmpeg ~0.5 s to compress and sharp ~0.3 s to read back, on
        // every upload, for a poster that ends as 8-bit WebP.
        videoFilters(probe).replace(',format=yuv420p', ',format=rgb24'),
        '-map_metadata',
        '-1',
        '-f',
        'image2pipe',
        '-c:v',
        'png',
        '-compression_level',
        '1',
        'pipe:1',
      ],
      { timeoutMs: probeTimeoutMs, binaryOut: true },
    );
  } catch {
    throw corrupt();
  }
  if (png.length === 0) throw corrupt();
  return png;
}

/** A size refusal before anything is read: the body says it is larger than the limit. */
export const videoTooLarge = (maxMb: number) => tooLarge(messages.video.tooLarge(maxMb));
