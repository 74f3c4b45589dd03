import type { Locator, Page } from '@playwright/test';
import { formatBytes } from 'media-files';
import {
  AUDIT_SEVERITIES,
  type AuditFinding,
  type AuditReport,
  AuditReportSchema,
  imageProxyPath,
  JOB_PATHS,
  JobCreatedSchema,
} from 'shared-contracts';
import { MESSAGES } from 'shared-contracts/messages';
import { PATHS } from 'shared-contracts/routes';
import { PAGE_HEADINGS } from '../fixtures/pages.ts';
import { downloadedBytes, expect, type Gallery, type Site, test } from '../fixtures/test.ts';

// The image audit on the URL and website tools: the "Audit images" switch makes the scan a job that
// also reads what the audit needs; the results get an Audit tab whose numbers are the server's
// report's, with its findings to filter and sort, and its exports.

const a = MESSAGES.audit;

/** sizes.html: five <img> without width or height; lazy.png twice (the same bytes at two addresses). */
const SIZES_IMAGES = ['img/lazy-150.png', 'img/lazy-300.png', 'img/lazy.png', 'img/lazy.png?copy=2', 'img/photo.jpg'];

const auditSwitch = (site: Site) => site.main.getByRole('checkbox', { name: a.switchLabel });
const auditPanel = (page: Page) => page.getByRole('tabpanel', { name: a.tabAudit });
const findingRows = (panel: Locator) => panel.getByTestId('audit-finding');

/** The POST that creates the scan's job: its request body and the job's id. */
async function jobCreated(page: Page, start: () => Promise<void>) {
  const [response] = await Promise.all([
    page.waitForResponse(
      (response) => response.url().endsWith(JOB_PATHS.websiteJobs) && response.request().method() === 'POST',
    ),
    start(),
  ]);
  const body = response.request().postDataJSON() as Record<string, unknown>;
  const { id } = JobCreatedSchema.parse(await response.json());
  return { body, id };
}

/** The job's audit as the server reports it, once the scan and its re-encoding are done. */
async function finishedReport(page: Page, id: string): Promise<AuditReport> {
  let report: AuditReport | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(JOB_PATHS.websiteJobAudit(id));
        if (!response.ok()) return `HTTP ${response.status()}`;
        report = AuditReportSchema.parse(await response.json());
        return report.status;
      },
      { timeout: 90_000, intervals: [500, 1_000, 2_000] },
    )
    .toBe('done');
  return report as AuditReport;
}

/** Every address a finding names for its picture: its own and, for a duplicate, the others. */
const addressesOf = (finding: AuditFinding) => [finding.imageUrl, ...(finding.sameAs ?? [])];

/** The counts the summary shows, read off its tiles: each tile's label and value. */
async function shownCounts(panel: Locator) {
  const tiles = await panel
    .getByTestId('audit-counts')
    .locator(':scope > div')
    .evaluateAll((divs) =>
      divs.map((div) => [div.querySelector('dt')?.textContent ?? '', div.querySelector('dd')?.textContent ?? '']),
    );
  const value = Object.fromEntries(tiles);
  return {
    high: value[a.severities.high],
    medium: value[a.severities.medium],
    low: value[a.severities.low],
    findings: value[a.findingsTotal],
    bytes: value[a.bytesToSave],
  };
}

/** Waits until the screen shows the finished report: no "running", no re-encoding left. */
async function expectScreenFinished(panel: Locator) {
  await expect(panel.getByRole('heading', { name: a.heading })).toBeVisible({ timeout: 30_000 });
  await expect(panel.getByRole('progressbar')).toHaveCount(0, { timeout: 30_000 });
  await expect(panel.getByText(/^Auditing: /)).toHaveCount(0, { timeout: 30_000 });
}

async function expectSummaryMatches(panel: Locator, report: AuditReport) {
  const { bySeverity, findings, bytesToSave } = report.summary;
  expect(await shownCounts(panel)).toEqual({
    high: String(bySeverity.high),
    medium: String(bySeverity.medium),
    low: String(bySeverity.low),
    findings: String(findings),
    bytes: formatBytes(bytesToSave),
  });
  expect(AUDIT_SEVERITIES.reduce((sum, severity) => sum + bySeverity[severity], 0)).toBe(findings);
  // Every rule of the report has its bar, with its count.
  const issues = panel.getByRole('figure', { name: a.byIssueCaption }).getByRole('listitem');
  await expect(issues).toHaveCount(report.summary.byRule.length);
  for (const entry of report.summary.byRule) {
    await expect(issues.filter({ hasText: a.rules[entry.rule].title })).toContainText(
      a.barValue(entry.count, entry.bytesSaved > 0 ? formatBytes(entry.bytesSaved) : undefined),
    );
  }
  await expect(panel.getByTestId('audit-shown')).toHaveText(a.shown(report.findings.length, report.findings.length));
  // Above 200 findings the table shows 50 a page.
  await expect(findingRows(panel)).toHaveCount(report.findings.length > 200 ? 50 : report.findings.length);
}

test('the URL tool audits one address as a job: the Audit tab shows the report, to filter, sort and export', async ({
  page,
  site,
  gallery,
}) => {
  test.setTimeout(180_000);
  await page.goto(PATHS.urlExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.urlExtractor])).toBeVisible();
  await expect(auditSwitch(site)).not.toBeChecked();
  await auditSwitch(site).check();
  const address = gallery.url('sizes.html');
  await page.getByRole('main').getByLabel('Web page URL', { exact: true }).fill(address);
  const extractCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/extract')) extractCalls.push(request.url());
  });
  const { body, id } = await jobCreated(page, () => site.main.getByRole('button', { name: 'Extract Images' }).click());
  // One address, as a job of its start page only, asked to audit.
  expect(body).toMatchObject({ urls: [address], depth: 0, audit: true });
  const done = MESSAGES.url.success(5);
  await expect(site.toast('success', done.title, done.description)).toBeVisible({ timeout: 60_000 });
  expect(extractCalls).toEqual([]);

  // Two tabs, Images first; the arrow key goes to the Audit.
  const tabs = site.main.getByRole('tablist');
  const imagesTab = tabs.getByRole('tab', { name: a.tabImages });
  const auditTab = tabs.getByRole('tab', { name: a.tabAudit });
  await expect(imagesTab).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('region', { name: 'Extracted Images' }).getByRole('listitem')).toHaveCount(5);
  await imagesTab.focus();
  await page.keyboard.press('ArrowRight');
  await expect(auditTab).toHaveAttribute('aria-selected', 'true');
  await expect(auditTab).toBeFocused();

  const report = await finishedReport(page, id);
  const panel = auditPanel(page);
  await expectScreenFinished(panel);
  expect(report.jobId).toBe(id);
  expect(report.pages).toBe(1);

  // What sizes.html really has: no image with a width and height, the same file at two addresses.
  const unsized = report.findings.filter((finding) => finding.rule === 'size-unsized');
  expect(unsized.map((finding) => finding.imageUrl).sort()).toEqual(
    SIZES_IMAGES.map((path) => gallery.url(path)).sort(),
  );
  const duplicate = report.findings.find(
    (finding) =>
      finding.rule === 'duplicate' &&
      addressesOf(finding).includes(gallery.url('img/lazy.png')) &&
      addressesOf(finding).includes(gallery.url('img/lazy.png?copy=2')),
  );
  expect(duplicate, 'lazy.png at two addresses is one duplicate finding').toBeTruthy();
  // Every image has alt text of its own ("Thumbnail" may read as a placeholder: not asserted).
  const altRules = ['alt-missing', 'alt-empty', 'alt-duplicate'];
  expect(report.findings.filter((finding) => altRules.includes(finding.rule))).toEqual([]);
  expect(report.findings.filter((finding) => finding.rule === 'loading-broken')).toEqual([]);
  for (const finding of report.findings) expect(finding.pages).toEqual([address]);

  // The screen's numbers are the report's.
  await expectSummaryMatches(panel, report);
  await page.screenshot({ path: test.info().outputPath('audit-tab.png'), fullPage: true });

  // Filter to one rule: its rows only, each with a thumbnail through the image proxy.
  await panel.getByLabel(a.filters.issue, { exact: true }).selectOption('size-unsized');
  await expect(findingRows(panel)).toHaveCount(unsized.length);
  await expect(panel.getByTestId('audit-shown')).toHaveText(a.shown(unsized.length, report.findings.length));
  const photo = findingRows(panel).filter({ has: page.getByRole('link', { name: 'photo.jpg', exact: true }) });
  const thumb = photo.getByRole('img', { name: a.imageAlt(a.rules['size-unsized'].title, 'photo.jpg') });
  await expect(thumb).toHaveAttribute('src', imageProxyPath({ url: gallery.url('img/photo.jpg') }));
  await thumb.scrollIntoViewIfNeeded();
  await expect.poll(() => thumb.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  // With that rule still chosen, the search narrows to the second address's element.
  await panel.getByLabel(a.filters.search, { exact: true }).fill('copy=2');
  await expect(findingRows(panel)).toHaveCount(1);
  await panel.getByRole('button', { name: a.filters.clear }).click();
  await expect(findingRows(panel)).toHaveCount(report.findings.length);

  // Sorting by the keyboard: the header's button, Enter; aria-sort says which way.
  const imageHeader = panel.getByRole('columnheader', { name: a.columns.image });
  await imageHeader.getByRole('button').focus();
  await page.keyboard.press('Enter');
  await expect(imageHeader).toHaveAttribute('aria-sort', 'ascending');
  await page.keyboard.press('Enter');
  await expect(imageHeader).toHaveAttribute('aria-sort', 'descending');
  await expect(panel.getByRole('columnheader', { name: a.columns.severity })).not.toHaveAttribute('aria-sort');

  // The exports are the server's files of the same report.
  const download = async (label: string) => {
    const [file] = await Promise.all([page.waitForEvent('download'), panel.getByRole('link', { name: label }).click()]);
    return { name: file.suggestedFilename(), bytes: await downloadedBytes(file) };
  };
  const csv = await download(a.exports.csv);
  expect(csv.name).toMatch(/\.csv$/);
  for (const path of SIZES_IMAGES) expect(csv.bytes.toString('utf8')).toContain(gallery.url(path));
  const xlsx = await download(a.exports.xlsx);
  expect(xlsx.name).toMatch(/\.xlsx$/);
  expect(xlsx.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
  const html = await download(a.exports.html);
  expect(html.name).toMatch(/\.html?$/);
  const printable = html.bytes.toString('utf8');
  for (const entry of report.summary.byRule) expect(printable).toContain(a.rules[entry.rule].title);
});

/** Scans the gallery's start page and the page it links to (depth 1) with the audit on. */
async function auditedScan(page: Page, site: Site, gallery: Gallery) {
  await page.goto(PATHS.websiteExtractor);
  await expect(site.heading(PAGE_HEADINGS[PATHS.websiteExtractor])).toBeVisible();
  await page.getByRole('main').getByLabel('Website URL', { exact: true }).fill(gallery.url('index.html'));
  await page.getByRole('main').getByRole('spinbutton', { name: 'Scan Depth (pages)' }).fill('1');
  await auditSwitch(site).check();
  return jobCreated(page, () => site.main.getByRole('button', { name: 'Scan Website' }).click());
}

test('the website tool audits a scan; the address keeps the audit, and a reload shows the same report', async ({
  page,
  site,
  gallery,
}) => {
  test.setTimeout(180_000);
  const { body, id } = await auditedScan(page, site, gallery);
  expect(body).toMatchObject({ url: gallery.url('index.html'), depth: 1, audit: true });
  await expect(page).toHaveURL(new RegExp(`[?&]job=${id}`));
  await expect(page).toHaveURL(/[?&]audit=1/);
  const report = await finishedReport(page, id);
  expect(report.pages).toBe(2);
  // index.html's photo.jpg has no width and height: a finding naming that page.
  const photo = report.findings.find(
    (finding) => finding.rule === 'size-unsized' && finding.imageUrl === gallery.url('img/photo.jpg'),
  );
  expect(photo?.pages).toContain(gallery.url('index.html'));
  expect(photo?.selector, 'the element is named').toBeTruthy();

  await page.reload();
  const auditTab = site.main.getByRole('tab', { name: a.tabAudit });
  await auditTab.click();
  const panel = auditPanel(page);
  await expectScreenFinished(panel);
  await expectSummaryMatches(panel, report);
  // The ten pages with the most to fix, from the report.
  const top = panel.getByRole('table', { name: a.topPagesCaption });
  await expect(top.getByRole('row')).toHaveCount(report.summary.topPages.length + 1);
  const worst = report.summary.topPages[0];
  if (worst) await expect(top.getByRole('row').nth(1)).toContainText(String(worst.findings));
  // The page filter narrows to one page's findings.
  await panel.getByLabel(a.filters.page, { exact: true }).selectOption(gallery.url('page-2.html'));
  const onPage2 = report.findings.filter((finding) => finding.pages.includes(gallery.url('page-2.html')));
  await expect(findingRows(panel)).toHaveCount(onPage2.length);
  expect(onPage2.length).toBeGreaterThan(0);
});

test('an audit that cannot be read says so in a sentence, and Retry reads it', async ({ page, site, gallery }) => {
  test.setTimeout(120_000);
  const { id } = await auditedScan(page, site, gallery);
  let refused = 0;
  await page.route(`**${JOB_PATHS.websiteJobAudit(id)}`, async (route) => {
    if (refused > 0) return route.continue();
    refused += 1;
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ error: 'The server is busy; try again in a moment.' }),
    });
  });
  await site.main.getByRole('tab', { name: a.tabAudit }).click();
  const panel = auditPanel(page);
  const alert = panel.getByRole('alert');
  await expect(alert).toContainText(a.failed);
  await expect(alert).toContainText('The server is busy; try again in a moment.');
  await alert.getByRole('button', { name: a.retry }).click();
  await expect(panel.getByTestId('audit-counts')).toBeVisible({ timeout: 30_000 });
  await expect(alert).toHaveCount(0);
});

test('without the switch, the URL tool reads its page as ever, and there is no Audit tab', async ({
  page,
  site,
  gallery,
}) => {
  await page.goto(PATHS.urlExtractor);
  const [request] = await Promise.all([
    page.waitForRequest((request) => request.url().endsWith('/api/extract') && request.method() === 'POST'),
    (async () => {
      await page.getByRole('main').getByLabel('Web page URL', { exact: true }).fill(gallery.url('sizes.html'));
      await site.main.getByRole('button', { name: 'Extract Images' }).click();
    })(),
  ]);
  expect(request.postDataJSON()).not.toHaveProperty('audit');
  const done = MESSAGES.url.success(5);
  await expect(site.toast('success', done.title, done.description)).toBeVisible();
  await expect(site.main.getByRole('tablist')).toHaveCount(0);
});
