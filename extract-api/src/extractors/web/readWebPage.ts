import { type ImageUse, MESSAGES } from 'shared-contracts';
import { readText, type SafeFetch, SafeFetchError } from '../../services/safeFetch/index.ts';
import type { ImageCandidate } from '../page/index.ts';
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
  /**
   * A page of a scan (without `render`): each of its requests (the page, its frames, its
   * stylesheets) waits for its host's turn and holds it until its answer is read, no longer; the
   * parsing is done outside it, so a host's turns are spent on requests.
   */
  turn?: RequestTurn;
  /** A scan's stylesheets already read (or being read): each is fetched once in a scan. */
  stylesheets?: StylesheetCache;
  /** Also read each image element's markup for the image audit (`uses`), at most this many a page. */
  audit?: boolean;
  auditMaxUsesPerPage?: number;
};

/** A scan's stylesheets, by address: the images each names (its imports' included), read once. */
export type StylesheetCache = Map<string, Promise<ImageCandidate[]>>;

/** Runs one request to `url` (sent and its answer read) when the manners of its host allow. */
export type RequestTurn = <T>(url: string, request: () => Promise<T>) => Promise<T>;
const atOnce: RequestTurn = (_url, request) => request();

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
  /** With `audit`: the page's image elements as the audit reads them (the page's own HTML, not its frames'). */
  uses?: ImageUse[];
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

type PageScanner = typeof import('../page/index.ts');
let pageScanner: Promise<PageScanner> | undefined;
/**
 * The page scanner, HTML and CSS parsers included: most of the code a scan needs, so it is loaded
 * while the first requests are out (a scan asks for it as it starts), not before them.
 */
export function loadPageScanner(): Promise<PageScanner> {
  if (!pageScanner) {
    pageScanner = import('../page/index.ts');
    // Asked for ahead of its use: a failure is the reader's to meet, never an unhandled one.
    pageScanner.catch(() => undefined);
  }
  return pageScanner;
}

/** The page's image elements for the audit (its reader loaded by the first scan that audits): the rendered DOM, with its layout, when there is one. */
async function readUses(
  page: { html: string; url: string; layoutAttribute?: string | undefined },
  maxUsesPerPage: number | undefined,
) {
  const { readImageUses } = await import('../../audit/readImageUses.ts');
  return readImageUses(page.html, page.url, {
    ...(page.layoutAttribute ? { layoutAttribute: page.layoutAttribute } : {}),
    ...(maxUsesPerPage === undefined ? {} : { maxUsesPerPage }),
  });
}

/**
 * Reads one web page: its HTML, its linked stylesheets within bounds, and, with `render`, what a
 * real browser loads after scrolling. An address that is itself an image gives that image.
 */
export async function readWebPage(url: string, options: WebPageOptions): Promise<WebPageRead> {
  const { fetch, signal } = options;
  const turn = options.turn ?? atOnce;
  const scanner = loadPageScanner();
  const read = await turn(url, () => readHtml(url, fetch, signal));
  if (read.image) {
    return { finalUrl: read.finalUrl, candidates: [urlCandidate(read.finalUrl, 'direct')], links: [], frames: [] };
  }
  const pageUrl = read.finalUrl;
  const scanning = await scanner;
  const scan = scanning.findPageImages(read.html, pageUrl);
  const framed = await readFrames(pageUrl, scan.frames, fetch, signal, turn, scanning);

  const [cssCandidates, rendered] = await Promise.all([
    readStylesheets([...scan.stylesheets, ...framed.stylesheets], fetch, signal, turn, scanning, options.stylesheets),
    options.render ? renderCandidates(pageUrl, options, scanning) : undefined,
  ]);

  const uses = options.audit
    ? await readUses(rendered?.page ?? { html: read.html, url: pageUrl }, options.auditMaxUsesPerPage)
    : undefined;
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
    finalUrl: pageUrl,
    candidates: [...found, ...networkOnly.map((loaded) => urlCandidate(loaded, 'network'))],
    links: [...new Set([...scan.links, ...framed.links, ...(rendered?.links ?? [])])],
    frames: framed.read,
    ...(rendered ? { rendered: rendered.notes } : {}),
    ...(uses ? { uses } : {}),
  };
}

/** The page's HTML, read whole; or, for an address that is itself an image, only that it is one. */
async function readHtml(
  url: string,
  fetch: SafeFetch,
  signal: AbortSignal | undefined,
): Promise<{ finalUrl: string; image: true } | { finalUrl: string; image?: undefined; html: string }> {
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
    return { finalUrl: response.url, image: true };
  }
  if (contentType && !HTML_TYPES.test(contentType)) {
    response.body.destroy();
    throw new ExtractionError(
      'not-a-page',
      `This address is not a web page (it answered ${contentType.split(';')[0]}).`,
    );
  }
  return { finalUrl: response.url, html: await readText(response) };
}

/**
 * The frames and iframes of a page that are of its own site, read breadth-first as part of it (a
 * frameset has no body of its own: its pictures are all in its frames), frames inside frames up to
 * MAX_FRAME_NESTING deep, at most MAX_FRAMES_PER_PAGE. A frame of another site is not fetched: its
 * address joins the links. A frame that fails costs its images, not the page.
 */
async function readFrames(
  pageUrl: string,
  firstFrames: readonly string[],
  fetch: SafeFetch,
  signal: AbortSignal | undefined,
  turn: RequestTurn,
  { findPageImages }: PageScanner,
) {
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
          const frame = await turn(frameUrl, async () => {
            const response = await fetch(frameUrl, {
              kind: 'html',
              signal,
              headers: { accept: 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.5' },
            });
            const contentType = String(response.headers['content-type'] ?? '');
            if (contentType && !HTML_TYPES.test(contentType)) {
              response.body.destroy();
              return undefined;
            }
            return { html: await readText(response), url: response.url };
          });
          if (!frame) return;
          const scan = findPageImages(frame.html, frame.url);
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

/**
 * url() images of the page's stylesheets, one level of `@import` deep, within MAX_STYLESHEETS_PER_PAGE,
 * STYLESHEET_CONCURRENCY fetched at once. With `cache` (a scan's), each stylesheet is read once
 * however many pages link it: the pages of a site share theirs.
 */
async function readStylesheets(
  urls: readonly string[],
  fetch: SafeFetch,
  signal: AbortSignal | undefined,
  turn: RequestTurn,
  { findCssImages, findCssImports }: PageScanner,
  cache: StylesheetCache | undefined,
) {
  const limit = createLimiter(STYLESHEET_CONCURRENCY);
  const queued = new Set(urls.slice(0, MAX_STYLESHEETS_PER_PAGE));
  // Only the fetch takes a place at once: a stylesheet waiting for its imports holds none.
  const fetchCss = (cssUrl: string) =>
    limit(() =>
      turn(cssUrl, async () => {
        const response = await fetch(cssUrl, { kind: 'css', signal, headers: { accept: 'text/css,*/*;q=0.1' } });
        return { css: await readText(response), url: response.url };
      }),
    );
  const read = async (cssUrl: string, followImports: boolean): Promise<ImageCandidate[]> => {
    try {
      const sheet = await fetchCss(cssUrl);
      const { css } = sheet;
      const images = findCssImages(css, sheet.url).map((image) => urlCandidate(image, 'css'));
      if (!followImports) return images;
      const imports = findCssImports(css, sheet.url).filter((next) => {
        if (queued.has(next) || queued.size >= MAX_STYLESHEETS_PER_PAGE) return false;
        queued.add(next);
        return true;
      });
      const nested = await Promise.all(imports.map((next) => read(next, false)));
      return [...images, ...nested.flat()];
    } catch (error) {
      // A stylesheet that fails costs its images, not the page.
      if (signal?.aborted) throw error;
      return [];
    }
  };
  const readOnce = (cssUrl: string) => {
    const known = cache?.get(cssUrl);
    if (known) return known;
    const reading = read(cssUrl, true);
    cache?.set(cssUrl, reading);
    return reading;
  };
  const lists = await Promise.all([...queued].map(readOnce));
  return lists.flat();
}

async function renderCandidates(url: string, options: WebPageOptions, { findPageImages }: PageScanner) {
  // Loaded on first use: Playwright is heavy, and most extractions never render.
  const { renderPage } = await import('../render/index.ts');
  const rendered = await renderPage(url, {
    fetch: options.fetch,
    chromiumPath: options.chromiumPath ?? '/usr/bin/chromium',
    signal: options.signal,
    waitForTurn: options.renderWaitsForTurn,
    cutSprites: options.cutSprites,
    layout: options.audit,
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
    // The audit reads the DOM as scripts left it, with its layout marks.
    page: { html: rendered.html, url: rendered.finalUrl, layoutAttribute: rendered.layoutAttribute },
  };
}

function foundAlsoIn(candidate: ImageCandidate, place: string): ImageCandidate {
  return candidate.foundIn.includes(place) ? candidate : { ...candidate, foundIn: [...candidate.foundIn, place] };
}
