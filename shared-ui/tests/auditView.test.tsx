import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import {
  type AuditFinding,
  type AuditReport,
  AuditReportSchema,
  imageProxyPath,
  JOB_PATHS,
  MESSAGES,
} from 'shared-contracts';
import { describe, expect, it, vi } from 'vitest';
import { AuditTabs } from '../src/audit/AuditTabs.tsx';
import { AuditView } from '../src/audit/AuditView.tsx';
import { PAGE_SIZE } from '../src/audit/FindingsTable.tsx';

const m = MESSAGES.audit;
const JOB = 'job_0123456789abcdef';
const site = 'https://shop.example';

const heroWebp = {
  format: 'WEBP' as const,
  mimeType: 'image/webp',
  url: JOB_PATHS.websiteJobAuditFile(JOB, 'hero-1600.webp'),
  name: 'hero-1600.webp',
  bytes: 41 * 1024,
  width: 1600,
  height: 900,
  quality: 78,
  ssim: 0.98712,
};
const heroAvif = {
  ...heroWebp,
  format: 'AVIF' as const,
  mimeType: 'image/avif',
  name: 'hero-1600.avif',
  url: JOB_PATHS.websiteJobAuditFile(JOB, 'hero-1600.avif'),
  bytes: 29 * 1024,
  ssim: 0.9851,
};

const FINDINGS: AuditFinding[] = [
  {
    id: 'f1',
    rule: 'weight-reencode',
    severity: 'high',
    imageUrl: `${site}/img/hero.png`,
    pages: [`${site}/`, `${site}/about`, `${site}/shop`],
    pageCount: 3,
    elements: 3,
    selector: 'main > img.hero',
    html: '<img class="hero" src="/img/hero.png" alt="Our shop at dusk">',
    detail: 'hero.png is 512 KB; as AVIF at the same visual quality it is 29 KB.',
    bytesSaved: 483 * 1024,
    encoded: [heroWebp, heroAvif],
  },
  {
    id: 'f2',
    rule: 'alt-missing',
    severity: 'high',
    imageUrl: `${site}/img/logo.svg`,
    pages: [`${site}/about`],
    pageCount: 1,
    elements: 1,
    selector: 'header img',
    html: '<img src="/img/logo.svg">',
    detail: 'This image has no alt attribute.',
  },
  {
    id: 'f3',
    rule: 'size-unsized',
    severity: 'medium',
    imageUrl: `${site}/img/team.jpg`,
    pages: [`${site}/about`],
    pageCount: 1,
    elements: 1,
    selector: 'section.team img',
    html: '<img src="/img/team.jpg" alt="The team">',
    detail: 'No width and height: the layout moves when it arrives.',
  },
  {
    id: 'f4',
    rule: 'loading-redirect',
    severity: 'low',
    imageUrl: `${site}/img/old-banner.jpg`,
    pages: [`${site}/shop`],
    pageCount: 1,
    elements: 0,
    detail: 'Redirected twice before it loads.',
    bytesSaved: 0,
  },
];

function report(overrides: Partial<AuditReport> = {}): AuditReport {
  const built: AuditReport = {
    jobId: JOB,
    status: 'done',
    pages: 3,
    images: 4,
    uses: 6,
    encoding: { done: 1, total: 1 },
    summary: {
      findings: 4,
      bytesToSave: 483 * 1024,
      bySeverity: { high: 2, medium: 1, low: 1 },
      byRule: [
        { rule: 'alt-missing', severity: 'high', count: 1, elements: 1, bytesSaved: 0 },
        { rule: 'weight-reencode', severity: 'high', count: 1, elements: 1, bytesSaved: 483 * 1024 },
        { rule: 'size-unsized', severity: 'medium', count: 1, elements: 1, bytesSaved: 0 },
        { rule: 'loading-redirect', severity: 'low', count: 1, elements: 1, bytesSaved: 0 },
      ],
      topPages: [
        { pageUrl: `${site}/about`, findings: 3, high: 2, bytesSaved: 483 * 1024 },
        { pageUrl: `${site}/`, findings: 1, high: 1, bytesSaved: 483 * 1024 },
        { pageUrl: `${site}/shop`, findings: 2, high: 1, bytesSaved: 483 * 1024 },
      ],
    },
    findings: FINDINGS,
    notes: [m.displayFromMarkup],
    ...overrides,
  };
  // The report the server sends is checked by this schema: the test's must pass it too.
  return AuditReportSchema.parse(built);
}

/** The findings table's rows, each as the text of its Issue cell. */
const issuesShown = () =>
  within(screen.getByTestId('audit-findings'))
    .getAllByTestId('audit-finding')
    .map((row) => row.getAttribute('data-rule'));

async function shown(load = vi.fn(async () => report())) {
  render(<AuditView jobId={JOB} load={load} />);
  await screen.findByTestId('audit-findings');
  return load;
}

describe('the audit view', () => {
  it('shows the summary first: counts, bytes to save, charts by issue and by page, the worst pages, notes', async () => {
    await shown();
    const counts = screen.getByTestId('audit-counts');
    const count = (label: string) =>
      within(counts).getByText(label, { selector: 'dt' }).parentElement?.querySelector('dd')?.textContent;
    expect(count('High')).toBe('2');
    expect(count('Medium')).toBe('1');
    expect(count('Low')).toBe('1');
    expect(count(m.findingsTotal)).toBe('4');
    expect(count(m.bytesToSave)).toBe('483 KB');

    const issues = screen.getByRole('figure', { name: m.byIssueCaption });
    const bars = within(issues).getAllByRole('listitem');
    // Most findings first, then most bytes: the re-encode (483 KB) before the others of one finding.
    expect(bars[0]?.textContent).toBe(`${m.rules['weight-reencode'].title}${m.barValue(1, '483 KB')}`);
    expect(bars.map((bar) => bar.textContent)).toContain(`${m.rules['alt-missing'].title}${m.barValue(1, undefined)}`);
    const pages = within(screen.getByRole('figure', { name: m.byPageCaption })).getAllByRole('listitem');
    expect(pages.map((bar) => bar.textContent)).toEqual([
      `shop.example/about${m.barValue(3, '483 KB')}`,
      `shop.example/${m.barValue(1, '483 KB')}`,
      `shop.example/shop${m.barValue(2, '483 KB')}`,
    ]);

    const top = screen.getByRole('table', { name: m.topPagesCaption });
    const firstRow = within(top).getAllByRole('row')[1] as HTMLElement;
    expect(within(firstRow).getByRole('link', { name: 'shop.example/about' }).getAttribute('href')).toBe(
      `${site}/about`,
    );
    expect(
      within(firstRow)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['3', '2', '483 KB']);
    expect(screen.getByText(m.displayFromMarkup)).toBeTruthy();
    // Encoding is over: no progress bar.
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('offers the three exports as plain downloads of the server files', async () => {
    await shown();
    for (const format of ['csv', 'xlsx', 'html'] as const) {
      const link = screen.getByRole('link', { name: m.exports[format] });
      expect(link.getAttribute('href')).toBe(JOB_PATHS.websiteJobAuditExport(JOB, format));
      expect(link.hasAttribute('download')).toBe(true);
    }
  });

  it('names each finding: thumbnail through the proxy, pages, element and its html, saved bytes, the re-encoded files', async () => {
    await shown();
    const row = screen.getAllByTestId('audit-finding').find((r) => r.dataset.rule === 'weight-reencode') as HTMLElement;
    const thumb = within(row).getByRole('img');
    expect(thumb.getAttribute('alt')).toBe(m.imageAlt(m.rules['weight-reencode'].title, 'hero.png'));
    expect(thumb.getAttribute('src')).toBe(imageProxyPath({ url: `${site}/img/hero.png` }));
    expect(thumb.getAttribute('loading')).toBe('lazy');
    expect(within(row).getByText(m.morePages(2))).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'shop.example/' }).getAttribute('href')).toBe(`${site}/`);
    const html = within(row).getByText(FINDINGS[0]?.html as string);
    expect(html.tagName).toBe('CODE');
    expect(html.closest('details')?.querySelector('summary')?.textContent).toBe('main > img.hero');
    const webp = within(row).getByRole('link', { name: 'WebP 41 KB (SSIM 0.987)' });
    expect(webp.getAttribute('href')).toBe(heroWebp.url);
    expect(webp.getAttribute('download')).toBe('hero-1600.webp');
    expect(within(row).getByRole('link', { name: 'AVIF 29 KB (SSIM 0.985)' })).toBeTruthy();
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toContain('483 KB');
  });

  it("names a duplicate's other addresses, finds them by search, and a thumbnail that fails keeps its name", async () => {
    const duplicate: AuditFinding = {
      id: 'f5',
      rule: 'duplicate',
      severity: 'low',
      imageUrl: `${site}/img/harbour.webp`,
      pages: [`${site}/`],
      pageCount: 1,
      elements: 2,
      detail: 'The same picture is at 2 addresses; one copy would save 4 KB.',
      bytesSaved: 4096,
      sameAs: [`${site}/img/dup/harbour-copy.webp?v=2`],
    };
    const base = report();
    await shown(
      vi.fn(async () =>
        report({
          findings: [...FINDINGS, duplicate],
          summary: {
            ...base.summary,
            findings: 5,
            bySeverity: { high: 2, medium: 1, low: 2 },
            byRule: [
              ...base.summary.byRule,
              { rule: 'duplicate', severity: 'low', count: 1, elements: 1, bytesSaved: 4096 },
            ],
          },
        }),
      ),
    );
    const row = screen.getAllByTestId('audit-finding').find((r) => r.dataset.rule === 'duplicate') as HTMLElement;
    expect(within(row).getByText(`${m.sameAs}:`)).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'harbour-copy.webp' }).getAttribute('href')).toBe(
      `${site}/img/dup/harbour-copy.webp?v=2`,
    );
    const name = m.imageAlt(m.rules.duplicate.title, 'harbour.webp');
    fireEvent.error(within(row).getByRole('img', { name }));
    const frame = within(row).getByRole('img', { name });
    expect(frame.tagName).toBe('SPAN');

    fireEvent.change(screen.getByLabelText(m.filters.search), { target: { value: 'harbour-copy' } });
    expect(issuesShown()).toEqual(['duplicate']);
  });

  it('filters by severity, issue group and rule, page and text', async () => {
    await shown();
    expect(screen.getByTestId('audit-shown').textContent).toBe(m.shown(4, 4));
    fireEvent.change(screen.getByLabelText(m.filters.severity), { target: { value: 'high' } });
    expect(issuesShown().sort()).toEqual(['alt-missing', 'weight-reencode']);
    expect(screen.getByTestId('audit-shown').textContent).toBe(m.shown(2, 4));

    fireEvent.change(screen.getByLabelText(m.filters.issue), { target: { value: 'group:alt' } });
    expect(issuesShown()).toEqual(['alt-missing']);
    fireEvent.click(screen.getByRole('button', { name: m.filters.clear }));
    expect(issuesShown()).toHaveLength(4);

    fireEvent.change(screen.getByLabelText(m.filters.issue), { target: { value: 'size-unsized' } });
    expect(issuesShown()).toEqual(['size-unsized']);
    fireEvent.change(screen.getByLabelText(m.filters.issue), { target: { value: '' } });

    // The page filter lists every page the findings name; a finding of several pages matches each.
    const pageSelect = screen.getByLabelText(m.filters.page) as HTMLSelectElement;
    expect([...pageSelect.options].map((option) => option.value)).toEqual([
      '',
      `${site}/`,
      `${site}/about`,
      `${site}/shop`,
    ]);
    fireEvent.change(pageSelect, { target: { value: `${site}/shop` } });
    expect(issuesShown().sort()).toEqual(['loading-redirect', 'weight-reencode']);
    fireEvent.change(pageSelect, { target: { value: '' } });

    fireEvent.change(screen.getByLabelText(m.filters.search), { target: { value: 'TEAM' } });
    expect(issuesShown()).toEqual(['size-unsized']);
    fireEvent.change(screen.getByLabelText(m.filters.search), { target: { value: 'nothing like this' } });
    expect(screen.queryByTestId('audit-findings')).toBeNull();
    expect(screen.getByText(m.noMatch)).toBeTruthy();
  });

  it('sorts on every column by its header, saying which in aria-sort', async () => {
    await shown();
    const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
    // Worst first to begin with.
    expect(header(m.columns.severity).getAttribute('aria-sort')).toBe('descending');
    expect(issuesShown().slice(2)).toEqual(['size-unsized', 'loading-redirect']);

    fireEvent.click(within(header(m.columns.bytesSaved)).getByRole('button'));
    expect(header(m.columns.bytesSaved).getAttribute('aria-sort')).toBe('descending');
    expect(header(m.columns.severity).hasAttribute('aria-sort')).toBe(false);
    expect(issuesShown()[0]).toBe('weight-reencode');
    fireEvent.click(within(header(m.columns.bytesSaved)).getByRole('button'));
    expect(header(m.columns.bytesSaved).getAttribute('aria-sort')).toBe('ascending');
    expect(issuesShown().at(-1)).toBe('weight-reencode');

    fireEvent.click(within(header(m.columns.issue)).getByRole('button'));
    expect(header(m.columns.issue).getAttribute('aria-sort')).toBe('ascending');
    const titles = issuesShown().map((rule) => m.rules[rule as AuditFinding['rule']].title);
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b)));

    fireEvent.click(within(header(m.columns.pages)).getByRole('button'));
    expect(issuesShown()[0]).toBe('weight-reencode');
    fireEvent.click(within(header(m.columns.image)).getByRole('button'));
    expect(issuesShown()).toEqual(['weight-reencode', 'alt-missing', 'loading-redirect', 'size-unsized']);
    // Every column's header is a button: each sorts.
    expect(within(screen.getByTestId('audit-findings')).getAllByRole('columnheader')).toHaveLength(8);
    for (const cell of within(screen.getByTestId('audit-findings')).getAllByRole('columnheader')) {
      expect(within(cell).getByRole('button')).toBeTruthy();
    }
  });

  it('shows a large report a page of rows at a time', async () => {
    const many = Array.from({ length: 230 }, (_, i) => ({
      ...(FINDINGS[2] as AuditFinding),
      id: `n${i}`,
      imageUrl: `${site}/img/p${String(i).padStart(3, '0')}.jpg`,
    }));
    const big = report({
      findings: many,
      summary: { ...report().summary, findings: 230, bySeverity: { high: 0, medium: 230, low: 0 } },
    });
    await shown(vi.fn(async () => big));
    expect(screen.getAllByTestId('audit-finding')).toHaveLength(PAGE_SIZE);
    const pagination = screen.getByRole('navigation', { name: m.pagination.label });
    expect(within(pagination).getByText(m.pagination.page(1, 5))).toBeTruthy();
    fireEvent.click(within(pagination).getByRole('button', { name: m.pagination.next }));
    expect(within(pagination).getByText(m.pagination.page(2, 5))).toBeTruthy();
    fireEvent.click(within(screen.getByRole('columnheader', { name: /^Image/ })).getByRole('button'));
    // A new order starts again at its first page.
    expect(within(pagination).getByText(m.pagination.page(1, 5))).toBeTruthy();
    expect(screen.getAllByTestId('audit-finding')[0]?.textContent).toContain('p000.jpg');
  });

  it('asks again while the audit runs, shows the encoding progress, and stops once it is done', async () => {
    const running = report({ status: 'running', encoding: { done: 3, total: 8 } });
    const load = vi.fn(async () => report());
    load.mockResolvedValueOnce(running);
    render(<AuditView jobId={JOB} load={load} pollMs={300} />);
    const bar = await screen.findByRole('progressbar', { name: m.encodingLabel });
    expect(bar.getAttribute('aria-valuenow')).toBe('3');
    expect(bar.getAttribute('aria-valuemax')).toBe('8');
    expect(screen.getByText(m.encoding(3, 8))).toBeTruthy();
    expect(screen.getByText(m.running(3))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());
    expect(load).toHaveBeenCalledTimes(2);
    expect(load).toHaveBeenCalledWith(JOB, expect.any(AbortSignal));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('says a failure in a sentence, with Retry', async () => {
    const load = vi.fn(async () => report());
    load.mockRejectedValueOnce(new Error('The extraction service could not be reached. Check your connection.'));
    render(<AuditView jobId={JOB} load={load} />);
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(m.failed);
    expect(alert.textContent).toContain('The extraction service could not be reached.');
    fireEvent.click(within(alert).getByRole('button', { name: m.retry }));
    await screen.findByTestId('audit-findings');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('the audited results tabs', () => {
  it('show the grid alone without a job', () => {
    render(
      <AuditTabs load={vi.fn()}>
        <p>the grid</p>
      </AuditTabs>,
    );
    expect(screen.getByText('the grid')).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('are ARIA tabs the keyboard moves between; the audit is asked for only while its tab is shown', async () => {
    const running = report({ status: 'running', encoding: { done: 0, total: 2 } });
    const signals: AbortSignal[] = [];
    const load = vi.fn(async (_job: string, signal: AbortSignal) => {
      signals.push(signal);
      return running;
    });
    const { unmount } = render(
      <AuditTabs jobId={JOB} load={load}>
        <p>the grid</p>
      </AuditTabs>,
    );
    const [images, audit] = screen.getAllByRole('tab') as [HTMLElement, HTMLElement];
    expect(images.textContent).toBe(m.tabImages);
    expect(audit.textContent).toBe(m.tabAudit);
    expect(images.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toBe('the grid');
    expect(load).not.toHaveBeenCalled();

    fireEvent.keyDown(images, { key: 'ArrowRight' });
    expect(audit.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(audit);
    const panel = screen.getByRole('tabpanel');
    expect(panel.getAttribute('aria-labelledby')).toBe(audit.id);
    await within(panel).findByRole('heading', { name: m.heading }, { timeout: 10_000 });
    await waitFor(() => expect(load).toHaveBeenCalledTimes(1));

    // Back to the images: the running audit's request is stopped and no more are made.
    fireEvent.keyDown(audit, { key: 'ArrowLeft' });
    expect(images.getAttribute('aria-selected')).toBe('true');
    expect(signals.at(-1)?.aborted).toBe(true);
    const asked = load.mock.calls.length;
    await act(() => new Promise((resolve) => setTimeout(resolve, 2_500)));
    expect(load).toHaveBeenCalledTimes(asked);

    // The report kept its place, and End goes to the last tab again, asking anew.
    fireEvent.keyDown(images, { key: 'End' });
    expect(audit.getAttribute('aria-selected')).toBe('true');
    await waitFor(() => expect(load).toHaveBeenCalledTimes(asked + 1));
    unmount();
    expect(signals.at(-1)?.aborted).toBe(true);
  });
});
