import { MESSAGES } from 'shared-contracts/messages';
import { REMOTE_LABELS } from 'shared-contracts/remotes';
import { PATHS } from 'shared-contracts/routes';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { expect, type Site, startHangingServer, startRemotePreview, test } from '../fixtures/test.ts';

// Ports no server of the suite uses: the video remote is pointed at them to take it down.
const OFFLINE_PORT = 4310;
const HANGING_PORT = 4311;
const offlineEntry = `http://localhost:${OFFLINE_PORT}/remoteEntry.js`;

/** The shell's "remote unavailable" alert for the video extractor. */
const videoUnavailable = (site: Site) =>
  site.main.getByRole('alert').filter({
    has: site.page.getByRole('heading', { name: MESSAGES.remote.failed(REMOTE_LABELS.mfe_media).title }),
  });

test('a video extractor that is down shows Retry while the rest of the site keeps working', async ({
  page,
  site,
  serveRemotes,
}) => {
  await serveRemotes({ mfe_media: offlineEntry });
  await page.goto(PATHS.videoExtractor);

  const alert = videoUnavailable(site);
  await expect(alert).toBeVisible();
  await expect(alert.getByRole('button', { name: MESSAGES.remote.retry })).toBeVisible();
  await expect(site.header).toBeVisible();
  await expect(site.heading(PAGE_HEADINGS[PATHS.videoExtractor])).toHaveCount(0);

  // Same document from here on: the header, the shell's pages and the other remotes still work.
  await site.markDocument();
  await site.header.getByRole('link', { name: 'Image Extractor home' }).click();
  await expect(site.heading(PAGE_HEADINGS[PATHS.home])).toBeVisible();

  await site.main.getByRole('link', { name: 'See all tools' }).click();
  await expect(page).toHaveURL(PATHS.tools);
  await expect(site.heading(PAGE_HEADINGS[PATHS.tools])).toBeVisible();

  await site.main.getByRole('link', { name: /^PDF: / }).click();
  await expect(page).toHaveURL(PATHS.pdfExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.pdfExtractor])).toBeVisible();
  expect(await site.documentMark()).toBe(1);
});

test('Retry shows the video extractor once it is back, without reloading the page', async ({
  page,
  site,
  serveRemotes,
}) => {
  await serveRemotes({ mfe_media: offlineEntry });
  await page.goto(PATHS.videoExtractor);
  const alert = videoUnavailable(site);
  await expect(alert).toBeVisible();
  await site.markDocument();

  const preview = await startRemotePreview('mfe-media', OFFLINE_PORT);
  try {
    await alert.getByRole('button', { name: MESSAGES.remote.retry }).click();
    await expect(site.heading(PAGE_HEADINGS[PATHS.videoExtractor])).toBeVisible();
    await expect(alert).toHaveCount(0);
    expect(await site.documentMark()).toBe(1);
  } finally {
    await preview.stop();
  }
});

test('a video extractor that never answers gives up with Retry', async ({ page, site, serveRemotes }) => {
  const hanging = await startHangingServer(HANGING_PORT);
  try {
    await serveRemotes({ mfe_media: hanging.url });
    await page.goto(PATHS.videoExtractor);
    await expect(site.main.getByRole('status')).toBeVisible();

    // The shell stops waiting for a remote after about 8 s.
    const alert = videoUnavailable(site);
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(alert.getByRole('button', { name: MESSAGES.remote.retry })).toBeVisible();
    await expect(site.header).toBeVisible();
  } finally {
    await hanging.close();
  }
});
