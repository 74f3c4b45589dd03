import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { type AuditReport, type ExtractionEvent, JOB_PATHS, MESSAGES } from 'shared-contracts';
import { ThemeProvider } from 'shared-ui/design-system';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExtractApiError, fetchAuditReport } from '../src/api/extractClient.ts';
import UrlExtractorPage from '../src/pages/UrlExtractorPage.tsx';
import WebsiteExtractorPage from '../src/pages/WebsiteExtractorPage.tsx';

const a = MESSAGES.audit;
const JOB = 'A'.repeat(22);
const PAGE = 'https://shop.example/';

const REPORT: AuditReport = {
  jobId: JOB,
  status: 'done',
  pages: 1,
  images: 1,
  uses: 1,
  encoding: { done: 0, total: 0 },
  summary: {
    findings: 1,
    bytesToSave: 0,
    bySeverity: { high: 1, medium: 0, low: 0 },
    byRule: [{ rule: 'alt-missing', severity: 'high', count: 1, elements: 1, bytesSaved: 0 }],
    topPages: [{ pageUrl: PAGE, findings: 1, high: 1, bytesSaved: 0 }],
  },
  findings: [
    {
      id: 'f1',
      rule: 'alt-missing',
      severity: 'high',
      imageUrl: `${PAGE}logo.png`,
      pages: [PAGE],
      pageCount: 1,
      elements: 1,
      selector: 'header img',
      html: '<img src="logo.png">',
      detail: 'This image has no alt attribute.',
    },
  ],
  notes: [],
};

const line = (seq: number, event: ExtractionEvent) => `${JSON.stringify({ seq, ...event })}\n`;

/** A job server in `fetch`: the job's POST body, its events (one page, one image), and its audit. */
function server() {
  const posted: { url: string; body: Record<string, unknown> }[] = [];
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    asked.push(url);
    if (init?.method === 'POST') {
      posted.push({ url, body: JSON.parse(String(init.body)) });
      return Response.json({ id: JOB, status: 'queued' }, { status: 202 });
    }
    if (url === JOB_PATHS.websiteJobAudit(JOB)) return Response.json(REPORT);
    if (url.startsWith(JOB_PATHS.websiteJobEvents(JOB))) {
      const text = [
        line(1, { type: 'start', runsOn: 'server', url: PAGE, total: 1, unit: 'pages' }),
        line(2, {
          type: 'image',
          image: { id: 'i', name: 'logo.png', url: `${PAGE}logo.png`, source: 'website', format: 'PNG' },
        }),
        line(3, { type: 'done', found: 1, done: 1, unit: 'pages' }),
      ].join('');
      return new Response(text, { headers: { 'content-type': 'application/x-ndjson' } });
    }
    throw new Error(`unexpected ${url}`);
  });
  return { posted, asked };
}

let address = '';
function Address() {
  const location = useLocation();
  address = `${location.pathname}${location.search}`;
  return null;
}

const renderPage = (page: ReactNode) =>
  render(
    <ThemeProvider>
      <MemoryRouter initialEntries={['/']}>
        {page}
        <Address />
      </MemoryRouter>
    </ThemeProvider>,
  );

/** Opens the Audit tab by the keyboard and waits for the report's counts. */
async function openAudit() {
  const images = await screen.findByRole('tab', { name: a.tabImages }, { timeout: 10_000 });
  fireEvent.keyDown(images, { key: 'ArrowRight' });
  const panel = screen.getByRole('tabpanel', { name: a.tabAudit });
  return within(panel).findByTestId('audit-counts', {}, { timeout: 10_000 });
}

describe('the "Audit images" switch', { timeout: 30_000 }, () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("runs the URL tool's one address as an audited job of depth 0, and the results get an Audit tab", async () => {
    const { posted, asked } = server();
    renderPage(<UrlExtractorPage />);
    const audit = screen.getByRole('checkbox', { name: a.switchLabel }) as HTMLInputElement;
    expect(audit.checked).toBe(false);
    fireEvent.click(audit);
    fireEvent.change(screen.getByLabelText('Web page URL'), { target: { value: PAGE } });
    fireEvent.click(screen.getByRole('button', { name: 'Extract Images' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      url: JOB_PATHS.websiteJobs,
      body: {
        urls: [PAGE],
        depth: 0,
        render: false,
        original: true,
        sprites: false,
        originalFormats: false,
        audit: true,
      },
    });
    const counts = await openAudit();
    expect(within(counts).getByText(a.severities.high).nextSibling?.textContent).toBe('1');
    expect(asked).toContain(JOB_PATHS.websiteJobAudit(JOB));
    expect(asked).not.toContain('/api/extract');
  });

  it('leaves the URL tool as it was when off: one page through /api/extract, no tabs', async () => {
    const posted: string[] = [];
    vi.stubGlobal('fetch', async (url: string) => {
      posted.push(url);
      return Response.json({ success: true, images: [] });
    });
    renderPage(<UrlExtractorPage />);
    fireEvent.change(screen.getByLabelText('Web page URL'), { target: { value: PAGE } });
    fireEvent.click(screen.getByRole('button', { name: 'Extract Images' }));
    await waitFor(() => expect(posted).toEqual(['/api/extract']));
    expect(screen.queryByRole('tablist')).toBeNull();
  });

  it('asks the website scan to audit, and keeps it in the address beside the job', async () => {
    const { posted } = server();
    renderPage(<WebsiteExtractorPage />);
    fireEvent.change(screen.getByLabelText('Website URL'), { target: { value: PAGE } });
    fireEvent.click(screen.getByRole('checkbox', { name: a.switchLabel }));
    fireEvent.click(screen.getByRole('button', { name: 'Scan Website' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).toMatchObject({ url: PAGE, audit: true });
    await waitFor(() => expect(address).toBe(`/?job=${JOB}&audit=1`));
    await openAudit();
  });

  it('starts a website scan without the audit as before: no audit asked, no tabs', async () => {
    const { posted } = server();
    renderPage(<WebsiteExtractorPage />);
    fireEvent.change(screen.getByLabelText('Website URL'), { target: { value: PAGE } });
    fireEvent.click(screen.getByRole('button', { name: 'Scan Website' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]?.body).not.toHaveProperty('audit');
    await waitFor(() => expect(address).toBe(`/?job=${JOB}`));
    await screen.findByRole('region', { name: 'Extracted Images' }, { timeout: 10_000 });
    expect(screen.queryByRole('tablist')).toBeNull();
  });
});

describe('fetchAuditReport', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('gives the report, checked by its schema', async () => {
    vi.stubGlobal('fetch', async () => Response.json(REPORT));
    expect(await fetchAuditReport(JOB)).toEqual(REPORT);
  });

  it("tells each failure in a sentence: the server's own, an unreadable report, no connection", async () => {
    vi.stubGlobal('fetch', async () => Response.json({ error: a.notRequested }, { status: 409 }));
    await expect(fetchAuditReport(JOB)).rejects.toEqual(new ExtractApiError(a.notRequested));
    vi.stubGlobal('fetch', async () => new Response('gone', { status: 404 }));
    await expect(fetchAuditReport(JOB)).rejects.toThrow(MESSAGES.website.notFound);
    vi.stubGlobal('fetch', async () => Response.json({ ...REPORT, findings: 'none' }));
    await expect(fetchAuditReport(JOB)).rejects.toThrow(a.unreadable);
    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(fetchAuditReport(JOB)).rejects.toThrow(/could not be reached/);
  });
});
