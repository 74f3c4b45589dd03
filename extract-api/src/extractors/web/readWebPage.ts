import { readText, type SafeFetch } from '../../plugins/app/safeFetch/index.ts';
import { findCssImages, findCssImports, findPageImages, type ImageCandidate } from '../page/index.ts';
import { createLimiter } from '../probe/index.ts';
import { ExtractionError } from './errors.ts';
import { mergeCandidates, urlCandidate } from './mergeCandidates.ts';

/** Linked stylesheets read per page (and `@import`s they name), and how many at once. */
export const MAX_STYLESHEETS_PER_PAGE = 20;
const STYLESHEET_CONCURRENCY = 4;

export type WebPageOptions = {
  fetch: SafeFetch;
  signal?: AbortSignal;
  /** Load the page in headless Chromium too (see extractors/render). */
  render?: boolean;
  chromiumPath?: string;
};

/** What one page gives before probing: its image candidates and the links a crawler may follow. */
export type WebPageRead = { finalUrl: string; candidates: ImageCandidate[]; links: string[] };

const HTML_TYPES = /^(text\/html|application\/xhtml\+xml)\b/i;

/**
 * Reads one web page: its HTML, its linked stylesheets within bounds, and, with `render`, what a
 * real browser loads after scrolling. An address that is itself an image gives that image.
 */
export async function readWebPage(url: string, options: WebPageOptions): Promise<WebPageRead> {
  const { fetch, signal } = options;
  const response = await fetch(url, {
    kind: 'html',
    signal,
    headers: { accept: 'text/html,application/xhtml+xml;q=0.9,image/*;q=0.8,*/*;q=0.5' },
  });
  const contentType = String(response.headers['content-type'] ?? '');
  if (/^image\//i.test(contentType)) {
    response.body.destroy();
    return { finalUrl: response.url, candidates: [urlCandidate(response.url, 'direct')], links: [] };
  }
  if (contentType && !HTML_TYPES.test(contentType)) {
    response.body.destroy();
    throw new ExtractionError(
      'not-a-page',
      `This address is not a web page (it answered ${contentType.split(';')[0]}).`,
    );
  }
  const html = await readText(response);
  const scan = findPageImages(html, response.url);

  const [cssCandidates, rendered] = await Promise.all([
    readStylesheets(scan.stylesheets, fetch, signal),
    options.render ? renderCandidates(response.url, options) : undefined,
  ]);

  return {
    finalUrl: response.url,
    candidates: mergeCandidates([scan.images, cssCandidates, ...(rendered ? [rendered.candidates] : [])]),
    links: [...new Set([...scan.links, ...(rendered?.links ?? [])])],
  };
}

/** url() images of the page's stylesheets, one level of `@import` deep, within MAX_STYLESHEETS_PER_PAGE. */
async function readStylesheets(urls: readonly string[], fetch: SafeFetch, signal?: AbortSignal) {
  const limit = createLimiter(STYLESHEET_CONCURRENCY);
  const queued = new Set(urls.slice(0, MAX_STYLESHEETS_PER_PAGE));
  const read = async (cssUrl: string, followImports: boolean): Promise<ImageCandidate[]> => {
    try {
      const response = await fetch(cssUrl, { kind: 'css', signal, headers: { accept: 'text/css,*/*;q=0.1' } });
      const css = await readText(response);
      const images = findCssImages(css, response.url).map((image) => urlCandidate(image, 'css'));
      if (!followImports) return images;
      const imports = findCssImports(css, response.url).filter((next) => {
        if (queued.has(next) || queued.size >= MAX_STYLESHEETS_PER_PAGE) return false;
        queued.add(next);
        return true;
      });
      const nested = await Promise.all(imports.map((next) => limit(() => read(next, false))));
      return [...images, ...nested.flat()];
    } catch (error) {
      // A stylesheet that fails costs its images, not the page.
      if (signal?.aborted) throw error;
      return [];
    }
  };
  const lists = await Promise.all([...queued].map((cssUrl) => limit(() => read(cssUrl, true))));
  return lists.flat();
}

async function renderCandidates(url: string, options: WebPageOptions) {
  // Loaded on first use: Playwright is heavy, and most extractions never render.
  const { renderPage } = await import('../render/index.ts');
  const rendered = await renderPage(url, {
    fetch: options.fetch,
    chromiumPath: options.chromiumPath ?? '/usr/bin/chromium',
    signal: options.signal,
  });
  const scan = findPageImages(rendered.html, rendered.finalUrl);
  return {
    candidates: mergeCandidates([
      scan.images,
      rendered.loadedImages.map((image) => urlCandidate(image.url, 'rendered')),
      rendered.cssBackgrounds.map((background) => urlCandidate(background, 'css')),
    ]),
    links: scan.links,
  };
}
