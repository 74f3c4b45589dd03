import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { type PublishedToast, toasts } from 'browser-services/toast';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { type ExtractedImage, type ExtractionEvent, JOB_PATHS, MESSAGES } from 'shared-contracts';
import { ThemeProvider } from 'shared-ui/design-system';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jobExtractor } from '../src/pages/jobExtractor.ts';
import WebsiteExtractorPage from '../src/pages/WebsiteExtractorPage.tsx';

const m = MESSAGES.website;
const JOB = 'J'.repeat(22);
const image: ExtractedImage = {
  id: 'a',
  name: 'a.png',
  url: 'https://example.org/a.png',
  source: 'website',
  format: 'PNG',
};
const line = (seq: number, event: ExtractionEvent) => `${JSON.stringify({ seq, ...event })}\n`;

/**
 * A job server in `fetch`: POST starts job JOB, its events are `lines` (kept open when `open`, as
 * a job still running is; aborting the request ends the stream), POST …/cancel is counted.
 */
function jobServer(lines: string[], { open = false } = {}) {
  const asked: string[] = [];
  const fetch = vi.fn(async (url: string, init?: RequestInit) => {
    asked.push(`${init?.method ?? 'GET'} ${url}`);
    if (url === JOB_PATHS.websiteJobs) return Response.json({ id: JOB, status: 'queued' }, { status: 202 });
    if (url === JOB_PATHS.websiteJobCancel(JOB)) return Response.json({ id: JOB, status: 'cancelled' });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (const text of lines) controller.enqueue(new TextEncoder().encode(text));
        if (!open) controller.close();
        init?.signal?.addEventListener('abort', () => controller.error(init.signal?.reason), { once: true });
      },
    });
    return new Response(body, { headers: { 'content-type': 'application/x-ndjson' } });
  });
  vi.stubGlobal('fetch', fetch);
  return { asked };
}

/** The address the page is at, as the test reads it. */
let address = '';
function Address() {
  const location = useLocation();
  address = `${location.pathname}${location.search}`;
  return null;
}

const renderAt = (entry: string) =>
  render(
    <ThemeProvider>
      <MemoryRouter initialEntries={[entry]}>
        <WebsiteExtractorPage />
        <Address />
      </MemoryRouter>
    </ThemeProvider>,
  );

let raised: PublishedToast[] = [];
let unsubscribe = () => {};
beforeEach(() => {
  raised = [];
  unsubscribe = toasts.subscribe((toast) => raised.push(toast));
});
afterEach(() => {
  unsubscribe();
  cleanup();
  vi.unstubAllGlobals();
});

const EVENTS = `${JOB_PATHS.websiteJobEvents(JOB)}?after=0`;

describe('the website screen and its job', { timeout: 30_000 }, () => {
  it('an address naming a job re-attaches to it, reading its events once', async () => {
    const { asked } = jobServer([
      line(1, { type: 'start', runsOn: 'server', unit: 'pages', maxPages: 100 }),
      line(2, { type: 'image', image }),
      line(3, { type: 'done', found: 1, done: 1, unit: 'pages' }),
    ]);
    renderAt(`/image-extractor-website?job=${JOB}`);
    const success = m.success(1, 1);
    await waitFor(() => expect(raised).toMatchObject([{ kind: 'success', title: success.title }]));
    await screen.findByTestId('results-count', {}, { timeout: 15_000 });
    expect(asked).toEqual([`GET ${EVENTS}`]);
  });

  it('a scan started here names its job in the address, is read once, and Cancel stops the job: one call', async () => {
    const { asked } = jobServer([line(1, { type: 'start', runsOn: 'server', unit: 'pages' })], { open: true });
    renderAt('/image-extractor-website');
    fireEvent.change(screen.getByLabelText('Website URL'), { target: { value: 'https://example.org/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Scan Website' }));
    await waitFor(() => expect(address).toBe(`/image-extractor-website?job=${JOB}`));
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    // Had the page re-attached to its own job, the events would be read twice.
    expect(asked).toEqual([`POST ${JOB_PATHS.websiteJobs}`, `GET ${EVENTS}`]);
    await act(async () => {
      fireEvent.click(cancel);
    });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull());
    expect(asked).toEqual([
      `POST ${JOB_PATHS.websiteJobs}`,
      `GET ${EVENTS}`,
      `POST ${JOB_PATHS.websiteJobCancel(JOB)}`,
    ]);
    expect(raised.filter((toast) => toast.kind === 'error')).toEqual([]);
  });

  it("the form's address and patterns start the job: one pattern a line, blank lines left out", async () => {
    jobServer([line(1, { type: 'start', runsOn: 'server', unit: 'pages' })], { open: true });
    renderAt('/image-extractor-website');
    fireEvent.change(screen.getByLabelText('Website URL'), { target: { value: ' https://example.org/ ' } });
    fireEvent.change(screen.getByLabelText(m.includeLabel), { target: { value: '/blog/\n\n  /news/ ' } });
    fireEvent.change(screen.getByLabelText(m.excludeLabel), { target: { value: '*/tag/*' } });
    expect(screen.getByLabelText(m.includeLabel).getAttribute('placeholder')).toBe('/blog/');
    expect(screen.getByLabelText(m.excludeLabel).getAttribute('placeholder')).toBe('*/tag/*');
    fireEvent.click(screen.getByRole('button', { name: 'Scan Website' }));
    await waitFor(() => expect(address).toBe(`/image-extractor-website?job=${JOB}`));
    const [, init] = vi.mocked(fetch).mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toMatchObject({
      url: 'https://example.org/',
      include: ['/blog/', '/news/'],
      exclude: ['*/tag/*'],
      sitemap: false,
    });
  });
});

describe('jobExtractor', () => {
  const started = () => {
    const controller = new AbortController();
    return { controller, signal: controller.signal };
  };
  const readUntilAborted = async (events: AsyncGenerator<ExtractionEvent>) => {
    try {
      for await (const _ of events) {
        // Read on: the test aborts.
      }
    } catch {
      // The abort ends the stream.
    }
  };

  it('on-leave: a run left short stops its job on the server', async () => {
    const { asked } = jobServer([line(1, { type: 'start', runsOn: 'server' })], { open: true });
    const { controller, signal } = started();
    const reading = readUntilAborted(jobExtractor('on-leave')({ attach: JOB }, signal));
    await waitFor(() => expect(asked).toEqual([`GET ${EVENTS}`]));
    controller.abort(new DOMException('Replaced', 'AbortError'));
    await reading;
    expect(asked).toEqual([`GET ${EVENTS}`, `POST ${JOB_PATHS.websiteJobCancel(JOB)}`]);
  });

  it('on-cancel: a run left short (not cancelled) leaves its job running', async () => {
    const { asked } = jobServer([line(1, { type: 'start', runsOn: 'server' })], { open: true });
    const { controller, signal } = started();
    const reading = readUntilAborted(jobExtractor('on-cancel')({ attach: JOB }, signal));
    await waitFor(() => expect(asked).toEqual([`GET ${EVENTS}`]));
    controller.abort(new DOMException('The screen was closed', 'AbortError'));
    await reading;
    expect(asked).toEqual([`GET ${EVENTS}`]);
  });

  it('a job read to its end is never cancelled', async () => {
    const { asked } = jobServer([line(1, { type: 'start', runsOn: 'server' }), line(2, { type: 'done', found: 0 })]);
    const { controller, signal } = started();
    await readUntilAborted(jobExtractor('on-leave')({ attach: JOB }, signal));
    controller.abort();
    expect(asked).toEqual([`GET ${EVENTS}`]);
  });
});
