import { execFileSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Download, Locator, Page } from '@playwright/test';
import { sheetLayout } from 'media-files';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import {
  BLURRED_FRAME,
  ffprobeKeyframeTimes,
  HDR_PATCHES,
  makeBlurVideo,
  makeHdrPatchVideo,
  makeKeyframeVideo,
  makeSceneVideo,
  patchColours,
  rgbOf,
  SCENE_CUTS_SECONDS,
  TEST_VIDEO_FPS,
} from '../../tooling/testVideos.mjs';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { CORPUS_DIR, GALLERY_IMG_DIR } from '../fixtures/paths.ts';
import { downloadedBytes, expect, type Site, test, zipEntries } from '../fixtures/test.ts';

const m = MESSAGES.video;
const MP4 = path.join(CORPUS_DIR, 'video', 'video.mp4'); // H.264 1920x1080, 5.056 s
const WEBM = path.join(CORPUS_DIR, 'video', 'frames.webm'); // VP9 1080x1080, 3.333 s
const HEVC = path.join(CORPUS_DIR, 'video', 'video-h265.mp4'); // HEVC 1920x1080, 10 s: Debian's Chromium cannot decode it
/** A video the fixture site serves (copied beside its images, which are gitignored), for the Video URL tab. */
const LINKED_VIDEO = 'clip-frames.webm';

// Decoding 1080p in a 2-core machine's headless Chromium takes seconds, not milliseconds.
test.setTimeout(120_000);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** Width and height from a PNG's IHDR chunk, after checking the signature: a real PNG or a failure. */
function pngSize(bytes: Uint8Array): { width: number; height: number } {
  expect([...bytes.subarray(0, 8)], 'PNG signature').toEqual(PNG_SIGNATURE);
  expect(new TextDecoder().decode(bytes.subarray(12, 16))).toBe('IHDR');
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

/** The frames grid as a visitor uses it. */
function framesGrid(page: Page) {
  const region = page.getByRole('region', { name: 'Extracted Frames' });
  return {
    region,
    cards: region.getByRole('listitem'),
    card: (name: string): Locator =>
      region.getByRole('listitem').filter({ has: page.getByRole('link', { name: `Download ${name}`, exact: true }) }),
    async download(name: string): Promise<Download> {
      const download = page.waitForEvent('download');
      await region.getByRole('link', { name: `Download ${name}`, exact: true }).click();
      return download;
    },
    async downloadAll(): Promise<Download> {
      const download = page.waitForEvent('download');
      await region.getByRole('button', { name: 'Download All Frames' }).click();
      return download;
    },
  };
}

async function upload(site: Site, file: string) {
  await site.main.getByTestId('upload-input').setInputFiles(file);
  const { title, description } = m.uploaded(path.basename(file));
  await expect(site.toast('success', title, description)).toBeVisible();
  await expect(site.main.getByText(m.ready, { exact: true })).toBeVisible();
  await expect(site.main.getByTestId('video-preview')).toHaveAttribute('src', /^blob:/);
}

async function extract(page: Page, site: Site, frames: number) {
  const button = site.main.getByRole('button', { name: 'Extract Frames' });
  await button.click();
  const { title, description } = m.framesExtracted(frames);
  await expect(site.toast('success', title, description)).toBeVisible({ timeout: 90_000 });
  await expect(framesGrid(page).cards).toHaveCount(frames);
  await expect(site.main.getByRole('button', { name: 'Extract Frames' })).toBeEnabled();
}

test.beforeEach(async ({ page, site }) => {
  await page.goto(PATHS.videoExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.videoExtractor])).toBeVisible();
});

test('an MP4 gives a frame every 5 s, decoded in the browser; a frame and the ZIP are real PNGs', async ({
  page,
  site,
}) => {
  await upload(site, MP4);
  const slider = site.main.getByRole('slider').first();
  await expect(slider).toHaveAttribute('aria-valuenow', '5');
  await expect(slider).toHaveAttribute('aria-valuemin', '1');
  await expect(slider).toHaveAttribute('aria-valuemax', '30');

  // 5.056 s at every 5 s: frames at 0 s and 5 s.
  await extract(page, site, 2);
  const grid = framesGrid(page);
  const first = grid.card('frame-00-00-00.png');
  await expect(first.getByTestId('frame-timestamp')).toHaveText('00:00:00');
  await expect(first).toContainText('1920 x 1080');
  await expect(first.getByText('PNG', { exact: true })).toBeVisible();
  await expect(grid.card('frame-00-00-05.png').getByTestId('frame-timestamp')).toHaveText('00:00:05');
  // No note: this video never left the device.
  await expect(site.main.getByText(m.decodedOnServer)).toHaveCount(0);

  const single = await grid.download('frame-00-00-00.png');
  expect(single.suggestedFilename()).toBe('frame-00-00-00.png');
  expect(pngSize(new Uint8Array(await downloadedBytes(single)))).toEqual({ width: 1920, height: 1080 });
  const { title, description } = m.downloadingFrame('00:00:00');
  await expect(site.toast('info', title, description)).toBeVisible();

  const zip = await grid.downloadAll();
  expect(zip.suggestedFilename()).toBe('video-frames.zip');
  const entries = await zipEntries(zip);
  expect(Object.keys(entries).sort()).toEqual(['frame-00-00-00.png', 'frame-00-00-05.png']);
  for (const bytes of Object.values(entries)) expect(pngSize(bytes)).toEqual({ width: 1920, height: 1080 });
  // Two different moments of the video, not one picture twice.
  expect(
    Buffer.from(entries['frame-00-00-00.png'] ?? []).equals(Buffer.from(entries['frame-00-00-05.png'] ?? [])),
  ).toBe(false);
});

test('a WebM at every 1 s gives 4 frames from 00:00:00, as JPEG when chosen', async ({ page, site }) => {
  await upload(site, WEBM);
  const slider = site.main.getByRole('slider').first();
  await slider.focus();
  for (let i = 0; i < 4; i += 1) await slider.press('ArrowLeft');
  await expect(slider).toHaveAttribute('aria-valuenow', '1');
  await site.main
    .locator('label')
    .filter({ hasText: /^JPEG$/ })
    .click();
  await expect(site.main.getByRole('radio', { name: 'JPEG' })).toBeChecked();

  // 3.333 s at every second: 0, 1, 2 and 3 s.
  await extract(page, site, 4);
  const grid = framesGrid(page);
  const stamps = await grid.region.getByTestId('frame-timestamp').allTextContents();
  expect(stamps).toEqual(['00:00:00', '00:00:01', '00:00:02', '00:00:03']);
  await expect(grid.card('frame-00-00-00.jpg')).toContainText('1080 x 1080');

  const zip = await zipEntries(await grid.downloadAll());
  expect(Object.keys(zip).sort()).toEqual([
    'frame-00-00-00.jpg',
    'frame-00-00-01.jpg',
    'frame-00-00-02.jpg',
    'frame-00-00-03.jpg',
  ]);
  for (const bytes of Object.values(zip)) expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
});

test('a YouTube link is refused with a clear message, and no video is taken', async ({ site }) => {
  await site.main.getByRole('tab', { name: 'Video URL' }).click();
  await site.main.getByRole('textbox', { name: 'Video URL' }).fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  await site.main.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(site.main.getByRole('alert')).toContainText(m.platformUnsupported);
  await expect(site.main.getByTestId('video-preview')).toHaveCount(0);
  await expect(site.main.getByRole('button', { name: 'Extract Frames' })).toHaveCount(0);
});

test('an HEVC video this browser cannot decode is made into frames by the server with ffmpeg', async ({
  page,
  site,
}) => {
  await upload(site, HEVC);
  // 10 s at every 5 s: 0 s and 5 s.
  await extract(page, site, 2);
  await expect(site.main.getByText(m.decodedOnServer)).toBeVisible();
  const grid = framesGrid(page);
  await expect(grid.card('frame-00-00-05.png').getByTestId('frame-timestamp')).toHaveText('00:00:05');
  const single = await grid.download('frame-00-00-00.png');
  expect(pngSize(new Uint8Array(await downloadedBytes(single)))).toEqual({ width: 1920, height: 1080 });
});

test.describe('a direct link', () => {
  test.beforeAll(async () => {
    await mkdir(GALLERY_IMG_DIR, { recursive: true });
    await copyFile(WEBM, path.join(GALLERY_IMG_DIR, LINKED_VIDEO));
  });

  test('plays and is decoded in the browser through the server proxy', async ({ page, site, gallery }) => {
    const link = gallery.url(`img/${LINKED_VIDEO}`);
    await site.main.getByRole('tab', { name: 'Video URL' }).click();
    await site.main.getByRole('textbox', { name: 'Video URL' }).fill(link);
    await site.main.getByRole('button', { name: 'Add', exact: true }).click();
    await expect(site.toast('success', m.urlAdded.title)).toBeVisible();
    await expect(site.main.getByTestId('video-preview')).toHaveAttribute(
      'src',
      `/api/video/source?url=${encodeURIComponent(link)}`,
    );

    await extract(page, site, 1);
    const grid = framesGrid(page);
    await expect(grid.card('frame-00-00-00.png')).toContainText('1080 x 1080');
    const single = await grid.download('frame-00-00-00.png');
    expect(pngSize(new Uint8Array(await downloadedBytes(single)))).toEqual({ width: 1080, height: 1080 });
    // Decoded here: the server only relayed the file.
    await expect(site.main.getByText(m.decodedOnServer)).toHaveCount(0);
  });
});

test('Cancel stops the work at once and keeps the frames made so far', async ({ page, site }) => {
  // 35 s of 1080p at every second: 36 frames, long enough to press Cancel in the middle.
  await upload(site, path.join(CORPUS_DIR, 'video', 'annex-b-avc.mkv'));
  const slider = site.main.getByRole('slider').first();
  await slider.focus();
  for (let i = 0; i < 4; i += 1) await slider.press('ArrowLeft');
  await site.main.getByRole('button', { name: 'Extract Frames' }).click();
  await expect(site.main.getByTestId('progress-text')).toHaveText(/^[1-9]\d* of 36 frames$/, { timeout: 60_000 });
  await site.main.getByRole('button', { name: 'Cancel' }).click();

  await expect(site.main.getByRole('button', { name: 'Extract Frames' })).toBeEnabled();
  await expect(site.main.getByTestId('progress-text')).toHaveCount(0);
  const kept = await framesGrid(page).cards.count();
  expect(kept).toBeGreaterThan(0);
  expect(kept).toBeLessThan(36);
  // Nothing arrives after Cancel, and no success is claimed.
  await page.waitForTimeout(2_000);
  await expect(framesGrid(page).cards).toHaveCount(kept);
  await expect(site.toast('success', m.framesExtracted(36).title)).toHaveCount(0);
});

test.describe('which frames: each mode gives the frames the engine tests expect', () => {
  // Made by ffmpeg once for this file (tooling/testVideos.mjs), as the engine tests make them.
  let videos: string;
  test.beforeAll(async () => {
    videos = await mkdtemp(path.join(tmpdir(), 'e2e-video-modes-'));
  });

  const mode = (site: Site, name: string) =>
    site.main
      .locator('label')
      .filter({ hasText: new RegExp(`^${name}$`) })
      .click();
  /** The grid's timestamps as seconds (HH:MM:SS or HH:MM:SS.mmm). */
  const stampSeconds = async (page: Page) =>
    (await framesGrid(page).region.getByTestId('frame-timestamp').allTextContents()).map((text) => {
      const [hh, mm, ss] = text.split(':').map(Number);
      return (hh ?? 0) * 3600 + (mm ?? 0) * 60 + (ss ?? 0);
    });

  test('scene changes: the opening shot and every cut within one frame, no false cut', async ({ page, site }) => {
    await upload(site, makeSceneVideo(videos));
    await mode(site, m.modes.scenes);
    await expect(site.main.getByRole('slider', { name: m.modes.sensitivity(70) })).toHaveAttribute(
      'aria-valuenow',
      '70',
    );
    await extract(page, site, SCENE_CUTS_SECONDS.length + 1);
    const times = await stampSeconds(page);
    expect(times[0]).toBe(0);
    for (const [i, cut] of SCENE_CUTS_SECONDS.entries()) {
      expect(Math.abs((times[i + 1] ?? -1) - cut)).toBeLessThanOrEqual(1 / TEST_VIDEO_FPS + 1e-6);
    }
  });

  test('key frames: exactly the sync samples ffprobe lists', async ({ page, site }) => {
    const file = makeKeyframeVideo(videos);
    const expected = ffprobeKeyframeTimes(file);
    await upload(site, file);
    await mode(site, m.modes.keyframes);
    await extract(page, site, expected.length);
    const times = await stampSeconds(page);
    for (const [i, t] of times.entries()) expect(t).toBeCloseTo(expected[i] ?? -1, 3);
  });

  test('N frames spread evenly within a range typed as HH:MM:SS; a bad time is refused on its field', async ({
    page,
    site,
  }) => {
    await upload(site, makeSceneVideo(videos));
    await mode(site, m.modes.count);
    // the slider is named by its label, which says its value: found by the label's start
    const count = site.main.getByRole('slider', { name: /^Number of frames/ });
    await expect(count).toHaveAccessibleName(m.modes.countValue(12));
    await count.focus();
    for (let i = 0; i < 8; i += 1) await count.press('ArrowLeft');
    await expect(count).toHaveAttribute('aria-valuenow', '4');
    await expect(count).toHaveAccessibleName(m.modes.countValue(4));
    const from = site.main.getByRole('textbox', { name: m.range.from });
    const to = site.main.getByRole('textbox', { name: m.range.to });
    await from.fill('00:00:1x');
    await to.fill('00:00:05');
    await site.main.getByRole('button', { name: 'Extract Frames' }).click();
    await expect(site.main.getByRole('alert').filter({ hasText: m.range.invalidTime(m.range.from) })).toBeVisible();
    await expect(from).toHaveAttribute('aria-invalid', 'true');
    await from.fill('00:00:01');
    await expect(site.main.getByRole('alert').filter({ hasText: m.range.invalidTime(m.range.from) })).toHaveCount(0);
    // the window 1–5 s cut into 4 parts, a frame in the middle of each: 1.5, 2.5, 3.5 and 4.5 s
    await extract(page, site, 4);
    expect(await framesGrid(page).region.getByTestId('frame-timestamp').allTextContents()).toEqual([
      '00:00:01',
      '00:00:02',
      '00:00:03',
      '00:00:04',
    ]);
  });

  test('Sharpest frame replaces the blurred frame by a sharp one next to it', async ({ page, site }) => {
    await upload(site, makeBlurVideo(videos));
    const slider = site.main.getByRole('slider').first();
    await slider.focus();
    for (let i = 0; i < 4; i += 1) await slider.press('ArrowLeft');
    await site.main.getByRole('checkbox', { name: m.modes.sharpest }).check();
    await extract(page, site, 4);
    const times = await stampSeconds(page);
    const blurredAt = BLURRED_FRAME / TEST_VIDEO_FPS;
    expect(times[2]).not.toBe(blurredAt);
    expect(Math.abs((times[2] ?? 0) - blurredAt)).toBeLessThanOrEqual(0.5);
  });

  test('Grab this frame adds exactly the frame the paused player shows', async ({ page, site }) => {
    await upload(site, makeSceneVideo(videos));
    const player = site.main.getByTestId('video-preview');
    await player.evaluate(async (element: HTMLVideoElement) => {
      if (element.readyState < 1)
        await new Promise((resolve) => element.addEventListener('loadedmetadata', resolve, { once: true }));
      element.currentTime = 3.61;
      await new Promise((resolve) => element.addEventListener('seeked', resolve, { once: true }));
    });
    await site.main.getByRole('button', { name: m.grabFrame }).click();
    const grid = framesGrid(page);
    await expect(grid.cards).toHaveCount(1, { timeout: 60_000 });
    // 3.61 s shows the frame that began at 3.6 s (25 fps): named by its own time
    await expect(grid.region.getByTestId('frame-timestamp')).toHaveText('00:00:03.600');
    const single = await grid.download('frame-00-00-03-600.png');
    expect(pngSize(new Uint8Array(await downloadedBytes(single)))).toEqual({ width: 320, height: 180 });
  });

  for (const transfer of ['pq', 'hlg'] as const) {
    test(`a 10-bit ${transfer.toUpperCase()} video is tone-mapped in the browser: grey patches at their SDR values, and the page says so`, async ({
      page,
      site,
    }) => {
      await upload(site, makeHdrPatchVideo(videos, transfer));
      // 2 s at every 5 s: the frame at 0 s
      await extract(page, site, 1);
      await expect(site.main.getByText(m.toneMapped(transfer))).toBeVisible();
      // made here: the video never left the device
      await expect(site.main.getByText(m.decodedOnServer)).toHaveCount(0);
      const frame = new Uint8Array(await downloadedBytes(await framesGrid(page).download('frame-00-00-00.png')));
      expect(pngSize(frame)).toEqual({ width: 320, height: 180 });
      const colours = patchColours(rgbOf(frame, 320, 180));
      // Chromium's own drawing of these patches gave white 135, mid-grey 61, dark grey 23 (mfe-media/README.md)
      for (const name of ['mid-grey', 'dark grey']) {
        const i = HDR_PATCHES.findIndex((p) => p.name === name);
        for (const [c, value] of (colours[i] ?? []).entries()) {
          expect(Math.abs(value - (HDR_PATCHES[i]?.rgb[c] ?? 0)), `${name}`).toBeLessThanOrEqual(3);
        }
      }
      // SDR white rolls off to 215 under the server's Möbius curve
      for (const value of colours[0] ?? []) expect(Math.abs(value - 215)).toBeLessThanOrEqual(3);
    });
  }

  test('the contact sheet downloads as a PNG of the layout’s size, and as a one-page PDF', async ({ page, site }) => {
    const file = makeKeyframeVideo(videos);
    const frames = ffprobeKeyframeTimes(file).length;
    await upload(site, file);
    await mode(site, m.modes.keyframes);
    await extract(page, site, frames);
    const columns = site.main.getByRole('slider', { name: /^Columns/ });
    await expect(columns).toHaveAccessibleName(m.sheet.columns(4));
    await columns.focus();
    await columns.press('ArrowLeft');
    await expect(columns).toHaveAccessibleName(m.sheet.columns(3));

    const pngDownload = page.waitForEvent('download');
    await site.main.getByRole('button', { name: m.sheet.png }).click();
    const png = await pngDownload;
    expect(png.suggestedFilename()).toBe('keyframes-sheet.png');
    const expected = sheetLayout({ count: frames, frameWidth: 320, frameHeight: 180, columns: 3, width: 1600 });
    expect(pngSize(new Uint8Array(await downloadedBytes(png)))).toEqual({
      width: expected.width,
      height: expected.height,
    });

    const pdfDownload = page.waitForEvent('download');
    await site.main.getByRole('button', { name: m.sheet.pdf }).click();
    const pdf = await pdfDownload;
    expect(pdf.suggestedFilename()).toBe('keyframes-sheet.pdf');
    const pdfFile = path.join(videos, 'sheet.pdf');
    await writeFile(pdfFile, Buffer.from(await downloadedBytes(pdf)));
    // qpdf reads it as one page; pdfimages finds the sheet on it at its size
    expect(execFileSync('qpdf', ['--show-npages', pdfFile], { encoding: 'utf8' }).trim()).toBe('1');
    const images = execFileSync('pdfimages', ['-list', pdfFile], { encoding: 'utf8' }).trim().split('\n').slice(2);
    expect(images.map((line) => line.trim().split(/\s+/).slice(3, 5))).toEqual([
      [String(expected.width), String(expected.height)],
    ]);
  });
});
