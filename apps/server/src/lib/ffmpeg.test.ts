import { describe, expect, it } from 'vitest';
import { FfmpegError, findFfmpeg, runMedia } from './ffmpeg.ts';

const ff = await findFfmpeg(undefined);

describe.skipIf(!ff || process.platform !== 'linux')('runMedia limits by CPU time', () => {
  it('ends an ffmpeg that has used its CPU time, long before its wall-clock bound', async () => {
    const started = Date.now();
    const run = runMedia(
      ff!.ffmpeg,
      ['-v', 'error', '-f', 'lavfi', '-i', 'testsrc2=s=1280x720:d=36000', '-f', 'null', '-'],
      { cpuLimitMs: 1000, timeoutMs: 120_000 },
    );
    const error = await run.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(FfmpegError);
    expect((error as FfmpegError).timedOut).toBe(true);
    expect((error as FfmpegError).message).toMatch(/CPU time/);
    // Its CPU second, however slowly a busy machine hands it out, then the next look at /proc.
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 40_000);

  it('lets a process that waits rather than computes run past its CPU time in wall time', async () => {
    // `-re` reads at the clip's own pace: three seconds of wall time for a few ms of CPU, as a
    // transcode starved by a busy machine takes long without using more.
    await expect(
      runMedia(
        ff!.ffmpeg,
        ['-v', 'error', '-re', '-f', 'lavfi', '-i', 'testsrc2=s=64x64:r=5:d=3', '-f', 'null', '-'],
        { cpuLimitMs: 2000, timeoutMs: 60_000 },
      ),
    ).resolves.toBeInstanceOf(Buffer);
  }, 30_000);
});
