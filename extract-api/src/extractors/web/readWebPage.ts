import { MESSAGES } from 'shared-contracts';
import { readText, type SafeFetch, SafeFetchError } from '../../services/safeFetch/index.ts';
import { findCssImages, findCssImports, findPageImages, type ImageCandidate } from '../page/index.ts';
import { createLimiter } from '../probe/index.ts';
import { MAX_CANVASES, MAX_DRAWN_CHARS, MAX_DRAWN_IMAGE_CHARS } from '../render/drawnInPage.ts';
import type { RenderedPage } from '../render/index.ts';
import { ExtractionError, RetryLaterError } from './errors.ts';
import { retryAfterMs } from './hostGate.ts';
import { mergeCandidates, urlCandidate } from './mergeCandidates.ts';
import { sameSite } from './site.ts';

/** Linked stylesheets read per page (and `@import`s they name), and how many at once. */
export const MAX_STYLESHEETS_PER_PAGE = 20;
const STYLESHEET_CONCURRENCY = 4;
/** Frames and iframes read as part of one page, and how deep frames inside frames are followed. */
export const MAX_FRAMES_PER_PAGE = 20;
const MAX_FRAME_NESTING = 3;

export type WebPageOptions = {
  fetch: SafeFetch;
  signal?: AbortSignal;
  /** Load the page in headless Chromium too (see extractors/render). */
  render?: boolean;
  chromiumPath?: string;
  /**
   * A page of a scan: its render waits for its turn at the renders gate however long the line (the
   * scans gate bounds how many wait). A visitor's own page is refused at once when the line is full.
   */
  renderWaitsForTurn?: boolean;
  /** With `render`: the pieces of CSS sprite sheets the page shows, as pictures of their own. */
  cutSprites?: boolean;
};

/**
 * What one page gives before probing: its image candidates (its same-site frames' included), the
 * links a crawler may follow (a frame's links and the address of a frame of another site among
 * them), and the frames read as part of it.
 */
export type WebPageRead = {
  finalUrl: string;
  candidates: ImageCandidate[];
  links: string[];
  frames: string[];
  /** With `render`: how far the browser scrolled and why it stopped, and the drawn pictures it could not read. */
  rendered?: RenderNotes;
};

/** What a visitor may be told of a render: a page that kept growing was not read to its end. */
export type RenderNotes = Pick<RenderedPage, 'scroll'> & {
  /** Canvases that drew another site's pictures, which the browser forbids reading back. */
  taintedCanvases: number;
  /** Canvases and blob: images left out by a limit (how many, how large). */
  drawnLeftOut: number;
  /** The sentences a visitor is shown for the above (none when the page was read whole). */
  notices: string[];
};

function renderNotes(rendered: RenderedPage): RenderNotes {
  const { scroll, drawn } = rendered;
  const notices: string[] = [];
  if (scroll.stoppedBy !== 'end') notices.push(MESSAGES.url.renderScrollStopped(scroll.stoppedBy, scroll.steps));
  if (drawn.taintedCanvases > 0) notices.push(MESSAGES.url.renderCanvasesTainted(drawn.taintedCanvases));
  if (drawn.leftOut > 0) {
    const mb = (chars: number) => Math.round((chars * 3) / 4 / 1024 / 1024);
    notices.push(
      MESSAGES.url.renderDrawnLeftOut(drawn.leftOut, MAX_CANVASES, mb(MAX_DRAWN_IMAGE_CHARS), mb(MAX_DRAWN_CHARS)),
    );
  }
  return { scroll, taintedCanvases: drawn.taintedCanvases, drawnLeftOut: drawn.leftOut, notices };
}

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
    throwHttpErrors: false,
  });
  if (response.status < 200 || response.status > 299) {
    response.body.destroy();
    // Too many requests, or busy: the crawler backs off this host and asks again.
    if (response.status === 429 || response.status === 503) {
      throw new RetryLaterError(response.status, retryAfterMs(response.headers['retry-after']));
    }
    throw new SafeFetchError('http-status', { status: response.status, url: response.url });
  }
  const contentType = String(response.headers['content-type'] ?? '');
  if (/^image\//i.test(contentType)) {
    response.body.destroy();
    return { finalUrl: response.url, candidates: [urlCandidate(response.url, 'direct')], links: [], frames: [] };
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
  const framed = await readFrames(response.url, scan.frames, fetch, signal);

  const [cssCandidates, rendered] = await Promise.all([
    readStylesheets([...scan.stylesheets, ...framed.stylesheets], fetch, signal),
    options.render ? renderCandidates(response.url, options) : undefined,
  ]);

  const found = mergeCandidates([
    scan.images,
    ...framed.images,
    cssCandidates,
    ...(rendered ? [rendered.candidates] : []),
  ]);
  // A response the browser loaded that nothing on the page names (a script's fetch, a sprite sheet
  // drawn into a canvas): the network log is its only witness.
  const named = new Set(found.map((candidate) => candidate.url));
  const networkOnly = (rendered?.loaded ?? []).filter((loaded) => !named.has(loaded));
  return {
    finalUrl: response.url,
    candidates: [...found, ...networkOnly.map((loaded) => urlCandidate(loaded, 'network'))],
    links: [...new Set([...scan.links, ...framed.links, ...(rendered?.links ?? [])])],
    frames: framed.read,
    ...(rendered ? { rendered: rendered.notes } : {}),
  };
}

/**
 * The frames and iframes of a page that are of its own site, read breadth-first as part of it (a
 * frameset has no body of its own: its pictures are all in its frames), frames inside frames up to
 * MAX_FRAME_NESTING deep, at most MAX_FRAMES_PER_PAGE. A frame of another site is not fetched: its
 * address joins the links. A frame that fails costs its images, not the page.
 */
async function readFrames(pageUrl: string, firstFrames: readonly string[], fetch: SafeFetch, signal?: AbortSignal) {
  const images: ImageCandidate[][] = [];
  const stylesheets: string[] = [];
  const links: string[] = [];
  const read: string[] = [];
  const seen = new Set<string>([pageUrl]);
  let level = [...firstFrames];
  for (let nesting = 0; nesting < MAX_FRAME_NESTING && level.length > 0; nesting += 1) {
    const next: string[] = [];
    const toRead = level.filter((frame) => {
      if (seen.has(frame)) return false;
      seen.add(frame);
      if (!sameSite(frame, pageUrl)) {
        links.push(frame);
        return false;
      }
      return true;
    });
    const room = MAX_FRAMES_PER_PAGE - read.length;
    await Promise.all(
      toRead.slice(0, Math.max(0, room)).map(async (frameUrl) => {
        read.push(frameUrl);
        try {
          const response = await fetch(frameUrl, {
            kind: 'html',
            signal,
            headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
          });
          const contentType = String(response.headers['content-type'] ?? '');
          if (contentType && !HTML_TYPES.test(contentType)) {
            response.body.destroy();
            return;
          }
          const scan = findPageImages(await readText(response), response.url);
          images.push(scan.images);
          stylesheets.push(...scan.stylesheets);
          links.push(...scan.links);
          next.push(...scan.frames);
        } catch (error) {
          if (signal?.aborted) throw error;
        }
      }),
    );
    level = next;
  }
  return { images, stylesheets, links, read };
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
    waitForTurn: options.renderWaitsForTurn,
    cutSprites: options.cutSprites,
  });
  const scan = findPageImages(rendered.html, rendered.finalUrl);
  // outerHTML leaves shadow roots out: each is read as a page of its own, and says where it was.
  const shadowScans = rendered.shadowRoots.map((root) => findPageImages(root.html, root.baseUrl));
  const inShadow = new Set(rendered.shadowBackgrounds);
  return {
    candidates: mergeCandidates([
      scan.images,
      ...shadowScans.map((shadow) => shadow.images.map((image) => foundAlsoIn(image, 'shadow-dom'))),
      rendered.cssBackgrounds.map((background) => {
        const candidate = urlCandidate(background, 'css');
        return inShadow.has(background) ? foundAlsoIn(candidate, 'shadow-dom') : candidate;
      }),
      rendered.drawn.images.map((drawn) => {
        const candidate: ImageCandidate = {
          ...urlCandidate(drawn.url, drawn.kind),
          ...(drawn.alt ? { alt: drawn.alt } : {}),
        };
        return drawn.inShadow ? foundAlsoIn(candidate, 'shadow-dom') : candidate;
      }),
      rendered.sprites.map((piece) => {
        const candidate = urlCandidate(piece.url, 'css-sprite');
        return piece.inShadow ? foundAlsoIn(candidate, 'shadow-dom') : candidate;
      }),
    ]),
    loaded: rendered.loadedImages.map((image) => image.url),
    links: [...scan.links, ...shadowScans.flatMap((shadow) => shadow.links)],
    notes: renderNotes(rendered),
  };
}

function foundAlsoIn(candidate: ImageCandidate, place: string): ImageCandidate {
  return candidate.foundIn.includes(place) ? candidate : { ...candidate, foundIn: [...candidate.foundIn, place] };
}
