/**
 * A post of a photo and a video: the video is processed while the caption is written, published
 * once ready, plays muted on its page with its alt text as its name, and shows its poster in the
 * profile grid, marked with its length; a file that is not a video is refused with its reason.
 */
import { execFileSync } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expectAccessible, photoFile, shots, signUpWithProfile } from '../support/app.ts';
import { expect, test } from '../support/test.ts';

/** A 3-second phone-like clip (HEVC in a MOV: re-encoded by the server), made by ffmpeg now. */
async function clipFile(): Promise<string> {
  const dir = path.join(tmpdir(), 'glimpse-e2e');
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `clip-${Date.now()}.mov`);
  execFileSync('ffmpeg', [
    ...['-hide_banner', '-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc2=s=640x360:r=30:d=3'],
    ...['-f', 'lavfi', '-i', 'sine=d=3', '-c:v', 'libx265', '-preset', 'ultrafast'],
    ...['-x265-params', 'log-level=error', '-tag:v', 'hvc1', '-c:a', 'aac', '-shortest', file],
  ]);
  return file;
}

test('a photo and a video in one post, processed, published, played muted', async ({ page }) => {
  test.slow();
  await signUpWithProfile(page);
  await page.goto('/addpost');
  const picker = page.getByLabel('Photos and videos');
  await picker.setInputFiles([await clipFile(), await photoFile('beside-video')]);
  await expect(page.getByRole('status').filter({ hasText: 'Processing video…' }).first()).toBeVisible({
    timeout: 30_000,
  });
  await shots(page, 'video-processing');
  await page.getByLabel('Alt text').first().fill('A test pattern with a ticking clock');
  await page.getByLabel('Caption').fill('Clip and photo');
  const submit = page.getByRole('button', { name: 'Submit' });
  // Publishing waits for every item to be ready.
  await expect(submit).toBeEnabled({ timeout: 60_000 });
  await submit.click();
  await expect(page).toHaveURL(/\/postdetail\/[0-9a-f-]{36}$/);
  const video = page.getByLabel('A test pattern with a ticking clock');
  await expect(video).toBeVisible();
  await expect(video).toHaveJSProperty('muted', true);
  await expect(video).toHaveJSProperty('controls', true);
  expect(await video.evaluate((v: HTMLVideoElement) => v.currentSrc)).toMatch(/\.mp4(\?|$)/);
  await expectAccessible(page);
  await shots(page, 'video-detail');

  // The profile grid shows the video's poster, marked as a video with its length.
  await page.goto('/profile');
  await expect(page.locator('main img').first()).toBeVisible();
  await expect(page.getByText('Video, 0:03')).toBeAttached();
  await shots(page, 'video-grid');

  // Not a video, whatever its name says: refused with the reason.
  await page.goto('/addpost');
  await page.getByLabel('Photos and videos').setInputFiles({
    name: 'holiday.mp4',
    mimeType: 'video/mp4',
    buffer: Buffer.from('this is a text file, not a video\n'.repeat(20)),
  });
  await expect(page.getByRole('alert').filter({ hasText: 'This file is not a video.' })).toBeVisible();
  await expectAccessible(page);
  await shots(page, 'video-refused');
});
