import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ipaddr from 'ipaddr.js';
import { SCAN_MAX_PAGES_DEFAULT, SCAN_MAX_PAGES_LIMIT } from 'shared-contracts';
import { z } from 'zod';
import { RENDER_USER } from '../../tooling/chromium.mjs';
import { READ_IMAGE_USES_DEFAULTS } from './audit/defaults.ts';
import { IMAGE_PASS_DEFAULTS } from './audit/imagePass/defaults.ts';
import { DOCUMENT_TIME_LIMIT_MS, FIGURE_LIMITS } from './extractors/document/defaults.ts';
import type { OriginalLimits } from './extractors/originals/index.ts';
import type { ExtractionBudgets } from './extractors/probe/index.ts';
import {
  DEFAULT_RENDER_QUEUE,
  DEFAULT_RENDER_TIMEOUT_MS,
  DEFAULT_RENDERS,
  DEFAULT_SCROLL_HEIGHT_PX,
  DEFAULT_SCROLL_TIME_MS,
  RENDERER_MEMORY_MB_DEFAULT,
  RENDERER_PROCESSES_DEFAULT,
} from './extractors/render/defaults.ts';
import { CRAWL_DEFAULTS } from './extractors/web/crawl/defaults.ts';
import { DEFAULT_AUDIT_MAX_USES } from './jobs/auditRecords.ts';
import type { FinishedJobsBound } from './jobs/types.ts';
import type { RateLimits } from './plugins/rateLimit/index.ts';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(packageDir, '..');
const MB = 1024 * 1024;

/** A per-client rate limit: requests in its class's window (plugins/rateLimit). */
const rateLimit = (perWindow: number) => z.coerce.number().int().min(1).max(10_000_000).default(perWindow);

/** proxy-addr's names for address ranges, which Fastify's trustProxy takes beside addresses and CIDRs. */
const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);
// Four-part IPv4 only: ipaddr.js would also read "1" as 0.0.0.1.
const isProxyAddress = (entry: string) =>
  PROXY_RANGE_NAMES.has(entry) ||
  ipaddr.IPv4.isValidFourPartDecimal(entry) ||
  ipaddr.IPv4.isValidCIDRFourPartDecimal(entry) ||
  ipaddr.IPv6.isValid(entry) ||
  ipaddr.IPv6.isValidCIDR(entry);

/**
 * The admission gates' defaults (src/admission): what runs at once, what may wait, and for how
 * long one run may go on. The render's are the render module's own, which it keeps when used alone.
 */
export const ADMISSION_DEFAULTS = {
  scanJobs: 2,
  scanQueue: 100,
  /** A whole site of 10,000 pages at 4 pages a second per host takes about 40 minutes. */
  scanTimeLimitMin: 60,
  renders: DEFAULT_RENDERS,
  renderQueue: DEFAULT_RENDER_QUEUE,
  renderTimeLimitS: DEFAULT_RENDER_TIMEOUT_MS / 1000,
  videoJobs: 2,
  videoQueue: 8,
  videoTimeLimitS: 900,
  metafileJobs: 2,
  metafileQueue: 8,
  metafileTimeLimitS: 30,
} as const;

/** What one extraction (a page, a scan) may spend, and the image probes one host is sent at once. */
export const BUDGET_DEFAULTS = {
  /** A page of 3,000 <img> would otherwise send 3,000 requests to whichever host it names. */
  imagesPerPage: 2_000,
  imagesPerScan: 20_000,
  bytesPerExtraction: 512 * 1024 * 1024,
  probesPerHost: 8,
} as const;

/** How far the check of a thumbnail's full-size original goes (extractors/originals). */
export const ORIGINAL_DEFAULTS = {
  /** The rules give at most 6 guesses; the likeliest come first. */
  candidates: 4,
  /** A 50-megapixel camera's JPEG is 20-30 MB. */
  mb: 32,
  /** 100 megapixels: 400 MB of pixels while it is decoded, once. */
  megapixels: 100,
} as const;

/** How slow a client may be (plugins/slowClients), and how much of an upload waits in memory. */
export const CLIENT_DEFAULTS = {
  headersTimeoutS: 20,
  requestTimeoutS: 30,
  /** 16 KiB a second: a 100 MB document still arrives on the slowest link kept, in under two hours. */
  uploadMinBytesPerS: 16 * 1024,
  uploadMemoryMb: 8,
} as const;

/** Finished scans kept at most, besides their time to live, counted and by the size of their events. */
export const FINISHED_JOBS_DEFAULTS = { count: 1_000, mb: 256 } as const;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('localhost'),
  /** Where the contact inbox is written; the operator reads it there. */
  EXTRACT_API_DATA_DIR: z.string().min(1).default(path.join(packageDir, 'data')),
  /** The built site; each app's `dist/` below it. */
  EXTRACT_API_SITE_DIR: z.string().min(1).default(repoDir),
  /** A remotes.json to serve instead of the embedded one, to point the shell at remotes deployed elsewhere. */
  EXTRACT_API_REMOTES_FILE: z.string().min(1).optional(),
  /** Set to 0 to run the API alone (dev mode, where Vite serves the apps). */
  EXTRACT_API_SERVE_SITE: z.enum(['0', '1']).default('1'),
  /** Set to 1 to let safeFetch reach loopback addresses (tests serving a site on 127.0.0.1). Never in production. */
  EXTRACT_API_ALLOW_LOOPBACK: z.enum(['0', '1']).default('0'),
  /** Debian's Chromium, for the Render JavaScript option; when missing there, rendering answers with a clear error. */
  EXTRACT_API_CHROMIUM_PATH: z.string().min(1).default('/usr/bin/chromium'),
  /** The unprivileged account a root service runs Chromium as, with its sandbox (scripts/setup.mjs creates it). */
  EXTRACT_API_RENDER_USER: z.string().min(1).default(RENDER_USER),
  /** 1 runs Chromium without its sandbox. For tests only: never in production. */
  EXTRACT_API_CHROMIUM_NO_SANDBOX: z.enum(['0', '1']).default('0'),
  /** Renderer processes Chromium may start (a page's frames share them). */
  EXTRACT_API_RENDERER_PROCESSES: z.coerce.number().int().min(1).max(64).default(RENDERER_PROCESSES_DEFAULT),
  /** Memory each Chromium process may take, in MB; a page that needs more is cut short. */
  EXTRACT_API_RENDERER_MEMORY_MB: z.coerce.number().int().min(512).max(65_536).default(RENDERER_MEMORY_MB_DEFAULT),
  /** Pages rendered in Chromium at once by this process (each `pnpm worker` has its own); more wait. */
  EXTRACT_API_RENDERS: z.coerce.number().int().min(1).max(64).default(ADMISSION_DEFAULTS.renders),
  /** Renders a visitor may wait for; more are answered 503 (a scan's pages wait their turn). */
  EXTRACT_API_RENDER_QUEUE: z.coerce.number().int().min(0).max(10_000).default(ADMISSION_DEFAULTS.renderQueue),
  /** One render is stopped after this many seconds. */
  EXTRACT_API_RENDER_TIME_LIMIT_S: z.coerce.number().int().min(5).max(600).default(ADMISSION_DEFAULTS.renderTimeLimitS),
  /** A rendered page that keeps growing (an endless feed) is scrolled for at most this many seconds. */
  EXTRACT_API_RENDER_SCROLL_TIME_S: z.coerce
    .number()
    .min(0)
    .max(600)
    .default(DEFAULT_SCROLL_TIME_MS / 1000),
  /** …and at most this many pixels down. */
  EXTRACT_API_RENDER_SCROLL_HEIGHT_PX: z.coerce.number().int().min(0).max(10_000_000).default(DEFAULT_SCROLL_HEIGHT_PX),
  /** A website scan stops after this many pages. */
  EXTRACT_API_MAX_PAGES: z.coerce.number().int().min(1).max(SCAN_MAX_PAGES_LIMIT).default(SCAN_MAX_PAGES_DEFAULT),
  /** Requests a scan sends one host at once (robots.txt's Crawl-delay makes it one). */
  EXTRACT_API_PAGES_PER_HOST: z.coerce.number().int().min(1).max(32).default(CRAWL_DEFAULTS.pagesPerHost),
  /** Candidate images one page has measured; the page's others are counted as not checked, never fetched. */
  EXTRACT_API_MAX_IMAGES_PER_PAGE: z.coerce.number().int().min(1).max(1_000_000).default(BUDGET_DEFAULTS.imagesPerPage),
  /** Candidate images one scan measures, its pages together; then it stops. */
  EXTRACT_API_MAX_IMAGES_PER_SCAN: z.coerce
    .number()
    .int()
    .min(1)
    .max(10_000_000)
    .default(BUDGET_DEFAULTS.imagesPerScan),
  /** Bytes one extraction (a page, a scan) may fetch in all: pages, stylesheets, robots.txt, sitemaps, probes. */
  EXTRACT_API_MAX_BYTES_PER_EXTRACTION: z.coerce
    .number()
    .int()
    .min(1024 * 1024)
    .max(2 ** 40)
    .default(BUDGET_DEFAULTS.bytesPerExtraction),
  /** Image probes one host is sent at once by every extraction of this process (with Redis, of every API and worker). */
  EXTRACT_API_PROBES_PER_HOST: z.coerce.number().int().min(1).max(64).default(BUDGET_DEFAULTS.probesPerHost),
  /** Guessed originals checked per image (a range request each); the others are not fetched. */
  EXTRACT_API_ORIGINAL_CANDIDATES: z.coerce.number().int().min(1).max(16).default(ORIGINAL_DEFAULTS.candidates),
  /** An original larger than this many MB is not downloaded to compare it: the thumbnail stands. */
  EXTRACT_API_ORIGINAL_MAX_MB: z.coerce.number().positive().max(1_024).default(ORIGINAL_DEFAULTS.mb),
  /** An original of more megapixels than this is not decoded to compare it: the thumbnail stands. */
  EXTRACT_API_ORIGINAL_MAX_MEGAPIXELS: z.coerce.number().positive().max(1_000).default(ORIGINAL_DEFAULTS.megapixels),
  /** Website scans run at once by this process (embedded) or by each worker (Redis); more wait. */
  EXTRACT_API_SCAN_JOBS: z.coerce.number().int().min(1).max(64).default(ADMISSION_DEFAULTS.scanJobs),
  /** Website scans that may wait for their turn; more are answered 503. */
  EXTRACT_API_SCAN_QUEUE: z.coerce.number().int().min(0).max(100_000).default(ADMISSION_DEFAULTS.scanQueue),
  /** A website scan is stopped after this many minutes (what it found is kept). */
  EXTRACT_API_SCAN_TIME_LIMIT_MIN: z.coerce
    .number()
    .positive()
    .max(24 * 60)
    .default(ADMISSION_DEFAULTS.scanTimeLimitMin),
  /** How long a finished scan's results and ZIP stay available, in hours. */
  EXTRACT_API_JOB_TTL_HOURS: z.coerce
    .number()
    .positive()
    .max(24 * 30)
    .default(24),
  /** Set to run scans on BullMQ with Redis (`pnpm worker` processes); unset, they run in this process. */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
    .optional(),
  /** Pages one `pnpm worker` reads at once. */
  EXTRACT_API_WORKER_PAGES: z.coerce.number().int().min(1).max(256).default(CRAWL_DEFAULTS.pages),
  /** BullMQ's lock on a page task, in ms: a killed worker's pages go to another after this. */
  EXTRACT_API_WORKER_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** ffmpeg and ffprobe for the videos the browser cannot decode; a name is looked up on PATH. */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  /**
   * Inkscape, which draws the EMF/WMF pictures the browser cannot (POST /api/metafile-preview) and
   * figures' SVGs (POST /api/figure-svg, the CLI's --svg).
   */
  INKSCAPE_PATH: z.string().min(1).default('inkscape'),
  /**
   * Inkscape jobs (metafile previews and figure SVGs share one gate) at once, the ones that may wait
   * (more are answered 503), and each one's limit.
   */
  EXTRACT_API_METAFILE_JOBS: z.coerce.number().int().min(1).max(64).default(ADMISSION_DEFAULTS.metafileJobs),
  EXTRACT_API_METAFILE_QUEUE: z.coerce.number().int().min(0).max(10_000).default(ADMISSION_DEFAULTS.metafileQueue),
  EXTRACT_API_METAFILE_TIME_LIMIT_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(3_600)
    .default(ADMISSION_DEFAULTS.metafileTimeLimitS),
  /** The largest figure PDF POST /api/figure-svg converts, in MB: a cropped figure is kilobytes, a dense plot a few MB. */
  EXTRACT_API_FIGURE_SVG_MAX_MB: z.coerce.number().positive().max(256).default(4),
  /** Video conversions run at once; each one keeps ffmpeg busy on every core it is given. */
  EXTRACT_API_VIDEO_JOBS: z.coerce.number().int().min(1).max(64).default(ADMISSION_DEFAULTS.videoJobs),
  /** Video conversions that may wait for their turn; more are answered 503. */
  EXTRACT_API_VIDEO_QUEUE: z.coerce.number().int().min(0).max(10_000).default(ADMISSION_DEFAULTS.videoQueue),
  /** One video conversion is stopped after this many seconds. */
  EXTRACT_API_VIDEO_TIME_LIMIT_S: z.coerce
    .number()
    .int()
    .min(10)
    .max(86_400)
    .default(ADMISSION_DEFAULTS.videoTimeLimitS),
  /** Where uploads and fetched videos are written while ffmpeg reads them (deleted after each request). */
  EXTRACT_API_VIDEO_TMP_DIR: z.string().min(1).optional(),
  /** The image audit's pass (audit/imagePass): images fetched and re-encoded at once by the API. */
  EXTRACT_API_AUDIT_ENCODE_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(IMAGE_PASS_DEFAULTS.concurrency),
  /** Images the audit's pass holds at once, fetching or waiting for a core: fetched ahead of the analysis. */
  EXTRACT_API_AUDIT_FETCHES: z.coerce.number().int().min(1).max(64).default(IMAGE_PASS_DEFAULTS.fetches),
  /** Images of one audited job fetched whole, hashed and re-encoded; the others are measured only. */
  EXTRACT_API_AUDIT_MAX_IMAGES: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(IMAGE_PASS_DEFAULTS.maxImagesPerJob),
  /** Images waiting in the pass's shared queue; past it a job's images wait their turn in its own list. */
  EXTRACT_API_AUDIT_QUEUE: z.coerce.number().int().min(1).max(100_000).default(IMAGE_PASS_DEFAULTS.queue),
  /** An image larger than this many MB is not fetched whole by the audit. */
  EXTRACT_API_AUDIT_IMAGE_MAX_MB: z.coerce.number().positive().max(1_024).default(IMAGE_PASS_DEFAULTS.imageMaxMb),
  /** An image of more megapixels than this is not decoded by the audit. */
  EXTRACT_API_AUDIT_MAX_MEGAPIXELS: z.coerce.number().positive().max(1_000).default(IMAGE_PASS_DEFAULTS.maxMegapixels),
  /** The re-encoded copies kept in memory for download, every job together, in MB, and for how long each. */
  EXTRACT_API_AUDIT_FILES_MB: z.coerce.number().int().min(1).max(65_536).default(IMAGE_PASS_DEFAULTS.filesMb),
  EXTRACT_API_AUDIT_FILES_TTL_MIN: z.coerce
    .number()
    .positive()
    .max(24 * 60 * 30)
    .default(IMAGE_PASS_DEFAULTS.filesTtlMin),
  /** One image's fetch and re-encoding together, in seconds. */
  EXTRACT_API_AUDIT_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3_600).default(IMAGE_PASS_DEFAULTS.timeoutS),
  /** The SSIM (on luma) the WebP and AVIF copies must reach against the image at their size. */
  EXTRACT_API_AUDIT_SSIM: z.coerce.number().min(0.5).max(1).default(IMAGE_PASS_DEFAULTS.ssim),
  /** Image elements an audited scan keeps (every page's together); past it they are counted, not audited. */
  EXTRACT_API_AUDIT_MAX_USES: z.coerce.number().int().min(1).max(10_000_000).default(DEFAULT_AUDIT_MAX_USES),
  /** Image elements read from one audited page; a page with more is audited on its first ones. */
  EXTRACT_API_AUDIT_MAX_USES_PER_PAGE: z.coerce
    .number()
    .int()
    .min(1)
    .max(1_000_000)
    .default(READ_IMAGE_USES_DEFAULTS.maxUsesPerPage),
  /** Worker threads reading documents for POST /v1/extract-images and the CLI; each reads one at a time. */
  EXTRACT_API_DOCUMENT_WORKERS: z.coerce.number().int().min(1).max(64).default(2),
  /** V8 heap of each document worker, in MB; a document needing more is answered 422. */
  EXTRACT_API_DOCUMENT_HEAP_MB: z.coerce.number().int().min(32).max(65_536).default(512),
  /** One document's worker is terminated after this many seconds (the clock starts when a worker takes it). */
  EXTRACT_API_DOCUMENT_TIME_LIMIT_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(86_400)
    .default(DOCUMENT_TIME_LIMIT_MS / 1000),
  /** Documents that may wait for a worker; more are answered 503. */
  EXTRACT_API_DOCUMENT_QUEUE: z.coerce.number().int().min(0).max(10_000).default(20),
  /** Figures and tables one POST /v1/extract-images answer gives per document; past it, the first ones and a note. */
  EXTRACT_API_FIGURES_MAX: z.coerce.number().int().min(1).max(100_000).default(FIGURE_LIMITS.maxFigures),
  /** Most pixels (width × height) of one figure's PNG render; a larger one is drawn at the dpi that fits. */
  EXTRACT_API_FIGURE_MAX_PIXELS: z.coerce
    .number()
    .int()
    .min(10_000)
    .max(1_000_000_000)
    .default(FIGURE_LIMITS.maxPixels),
  /** One figure's render may take this many seconds; a slower one is left out, its reason in the answer's `skipped`. */
  EXTRACT_API_FIGURE_RENDER_TIME_LIMIT_S: z.coerce
    .number()
    .min(0.01)
    .max(3_600)
    .default(FIGURE_LIMITS.renderTimeLimitMs / 1000),
  /** Every request's headers must arrive within this many seconds, or the connection is closed. */
  EXTRACT_API_HEADERS_TIMEOUT_S: z.coerce.number().int().min(1).max(600).default(CLIENT_DEFAULTS.headersTimeoutS),
  /** A request that is not an upload must arrive whole within this many seconds of its headers. */
  EXTRACT_API_REQUEST_TIMEOUT_S: z.coerce.number().int().min(1).max(3_600).default(CLIENT_DEFAULTS.requestTimeoutS),
  /** An upload must arrive at least this fast (bytes a second, over 10 s) while the server reads it. */
  EXTRACT_API_UPLOAD_MIN_BYTES_PER_S: z.coerce
    .number()
    .int()
    .min(1)
    .max(1024 * 1024 * 1024)
    .default(CLIENT_DEFAULTS.uploadMinBytesPerS),
  /** A document upload larger than this many MB waits in a temporary file, not in memory. */
  EXTRACT_API_UPLOAD_MEMORY_MB: z.coerce.number().int().min(1).max(1_024).default(CLIENT_DEFAULTS.uploadMemoryMb),
  /** Where uploads wait on disk while they are read (and videos, unless EXTRACT_API_VIDEO_TMP_DIR says otherwise). */
  EXTRACT_API_TMP_DIR: z.string().min(1).optional(),
  /** Finished scans kept at most; past this, or past EXTRACT_API_FINISHED_JOBS_MB of their events, the oldest go first. */
  EXTRACT_API_FINISHED_JOBS: z.coerce.number().int().min(1).max(10_000_000).default(FINISHED_JOBS_DEFAULTS.count),
  EXTRACT_API_FINISHED_JOBS_MB: z.coerce.number().int().min(1).max(1_048_576).default(FINISHED_JOBS_DEFAULTS.mb),
  /**
   * Requests one client (an IPv4 address, an IPv6 /64) may send a minute, by class of route: cheap
   * reads (health, a job's progress and events, the API description); relayed bytes (the image
   * proxy and the video source: a player's range requests, the grid reading every image);
   * extractions (a page, a ZIP, a document, a picture conversion); heavy work (website scans,
   * pages rendered in Chromium, video conversions).
   */
  EXTRACT_API_RATE_LIMIT_READS: rateLimit(600),
  EXTRACT_API_RATE_LIMIT_RELAY: rateLimit(6_000),
  EXTRACT_API_RATE_LIMIT_EXTRACTIONS: rateLimit(60),
  EXTRACT_API_RATE_LIMIT_HEAVY: rateLimit(10),
  /** Contact messages one client may send an hour. */
  EXTRACT_API_RATE_LIMIT_CONTACT: rateLimit(5),
  /** Contact messages the inbox takes from one client a day, so that one sender cannot fill it for everyone. */
  EXTRACT_API_CONTACT_PER_CLIENT_PER_DAY: z.coerce.number().int().min(1).max(10_000_000).default(10),
  /**
   * Whose X-Forwarded-For is believed (Fastify's trustProxy): unset or 0, nobody's, and the client
   * is whoever connects; else a comma-separated list of the proxies' addresses or CIDRs (or
   * loopback, linklocal, uniquelocal). Neither "true" nor a hop count: with either, whoever
   * connects directly could name any address (Fastify refuses hop counts for that reason).
   */
  EXTRACT_API_TRUST_PROXY: z
    .string()
    .trim()
    .optional()
    .transform((value, context) => {
      if (!value || value === '0') return undefined;
      const entries = value.split(',').map((entry) => entry.trim());
      const wrong = entries.filter((entry) => !isProxyAddress(entry));
      if (wrong.length > 0) {
        context.addIssue({
          code: 'custom',
          message: `must list the proxies' addresses or CIDRs, comma-separated (not: ${wrong.join(', ')})`,
        });
        return z.NEVER;
      }
      return entries;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

/**
 * The service's settings, every one of them filled in by loadConfig from the environment or its
 * default above: code that is handed an AppConfig never supplies a default of its own (tests and
 * embedders start from `loadConfig({})`).
 */
export type AppConfig = {
  port: number;
  host: string;
  dataDir: string;
  siteDir: string;
  remotesFile: string | undefined;
  serveSite: boolean;
  /** safeFetch may connect to loopback; private and metadata addresses stay refused. */
  allowLoopback: boolean;
  /** The Chromium executable the Render JavaScript option launches (headless, via playwright-core). */
  chromiumPath: string;
  /** How Chromium is launched (render/sandbox.ts): as whom, with or without its sandbox, its limits. */
  renderUser: string;
  chromiumNoSandbox: boolean;
  rendererProcesses: number;
  rendererMemoryMb: number;
  /** The renders gate: at once, waiting, each one's limit. */
  renders: number;
  renderQueue: number;
  renderTimeLimitMs: number;
  /** How long and how far a render scrolls a page that keeps growing. */
  renderScroll: { timeMs: number; heightPx: number };
  maxPages: number;
  /** Website scans as jobs. */
  pagesPerHost: number;
  /** What one extraction may spend, and image probes per host (see BUDGET_DEFAULTS). */
  maxImagesPerPage: number;
  maxImagesPerScan: number;
  maxBytesPerExtraction: number;
  probesPerHost: number;
  /** How far a thumbnail's full-size original is checked (see ORIGINAL_DEFAULTS). */
  originals: OriginalLimits;
  scanJobs: number;
  scanQueue: number;
  /** A scan's wall-clock limit (embedded: from when it starts; Redis: from when it was created). */
  scanTimeLimitMs: number;
  jobTtlMs: number;
  /** Scans on BullMQ with Redis when set; in this process when not. */
  redisUrl: string | undefined;
  workerPages: number;
  workerLockMs: number;
  /** Video conversion (POST /api/video/frames). */
  ffmpegPath: string;
  ffprobePath: string;
  videoJobs: number;
  videoQueue: number;
  videoTimeLimitMs: number;
  videoTmpDir: string | undefined;
  /** The image audit's pass (see IMAGE_PASS_DEFAULTS and imagePassLimits). */
  auditEncodeConcurrency: number;
  auditFetches: number;
  auditMaxImages: number;
  auditQueue: number;
  auditImageMaxBytes: number;
  auditMaxPixels: number;
  auditFilesBytes: number;
  auditFilesTtlMs: number;
  auditTimeoutMs: number;
  auditSsim: number;
  auditMaxUses: number;
  auditMaxUsesPerPage: number;
  /** Inkscape for POST /api/metafile-preview and /api/figure-svg; a name is looked up on PATH. */
  inkscapePath: string;
  metafileJobs: number;
  metafileQueue: number;
  metafileTimeLimitMs: number;
  /** POST /api/figure-svg's largest body, in bytes (it shares the metafile gate: one bound on Inkscape jobs). */
  figureSvgMaxBytes: number;
  /** The document worker pool (POST /v1/extract-images). */
  documentWorkers: number;
  documentHeapMb: number;
  documentTimeLimitMs: number;
  documentQueue: number;
  /** Figures: most per answer, most pixels and seconds of one render. */
  figuresMax: number;
  figureMaxPixels: number;
  figureRenderTimeLimitMs: number;
  /** Slow clients and uploads (see CLIENT_DEFAULTS). */
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  uploadMinBytesPerS: number;
  uploadMemoryBytes: number;
  /** Where uploads wait on disk; the OS's temporary folder when unset. */
  tmpDir: string | undefined;
  /** Finished scans kept at most, by count and by the bytes of their events (see FINISHED_JOBS_DEFAULTS). */
  finishedJobs: number;
  finishedJobsBytes: number;
  /** Requests each client may send per class of routes; required, so that an app is never built unlimited. */
  rateLimits: RateLimits;
  /** Contact messages the inbox takes from one client in a day. */
  contactPerClientPerDay: number;
  /** The proxies (addresses, CIDRs) whose X-Forwarded-For is believed; unset, nobody's. */
  trustProxy: string[] | undefined;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
};

/** The document pool's settings, for buildApp and the CLI. */
export function documentPoolOptions(
  config: Pick<
    AppConfig,
    | 'documentWorkers'
    | 'documentHeapMb'
    | 'documentTimeLimitMs'
    | 'documentQueue'
    | 'figuresMax'
    | 'figureMaxPixels'
    | 'figureRenderTimeLimitMs'
  >,
) {
  return {
    workers: config.documentWorkers,
    heapMb: config.documentHeapMb,
    timeLimitMs: config.documentTimeLimitMs,
    maxQueue: config.documentQueue,
    figures: {
      maxFigures: config.figuresMax,
      maxPixels: config.figureMaxPixels,
      renderTimeLimitMs: config.figureRenderTimeLimitMs,
    },
  };
}

/** The slow-client limits and the upload settings, for buildApp. */
export function clientLimits(
  config: Pick<
    AppConfig,
    'headersTimeoutMs' | 'requestTimeoutMs' | 'uploadMinBytesPerS' | 'uploadMemoryBytes' | 'tmpDir'
  >,
) {
  return {
    headersTimeoutMs: config.headersTimeoutMs,
    requestTimeoutMs: config.requestTimeoutMs,
    uploadMinBytesPerS: config.uploadMinBytesPerS,
    uploadMemoryBytes: config.uploadMemoryBytes,
    tmpDir: config.tmpDir,
  };
}

/** How many finished scans are kept, and how many bytes of their events, for buildApp and the worker. */
export function finishedJobsBound(config: Pick<AppConfig, 'finishedJobs' | 'finishedJobsBytes'>): FinishedJobsBound {
  return { maxCount: config.finishedJobs, maxBytes: config.finishedJobsBytes };
}

/** A gate's settings (src/admission's createGate takes these, with its name and sentences). */
export type GateLimits = { concurrency: number; maxWaiting: number; timeLimitMs: number };

/** Every admission gate's settings, for buildApp and the worker (their defaults are the schema's). */
export function admissionLimits(
  config: Pick<
    AppConfig,
    | 'scanJobs'
    | 'scanQueue'
    | 'scanTimeLimitMs'
    | 'renders'
    | 'renderQueue'
    | 'renderTimeLimitMs'
    | 'videoJobs'
    | 'videoQueue'
    | 'videoTimeLimitMs'
    | 'metafileJobs'
    | 'metafileQueue'
    | 'metafileTimeLimitMs'
  >,
): Record<'scans' | 'renders' | 'video' | 'metafile', GateLimits> {
  return {
    scans: { concurrency: config.scanJobs, maxWaiting: config.scanQueue, timeLimitMs: config.scanTimeLimitMs },
    renders: { concurrency: config.renders, maxWaiting: config.renderQueue, timeLimitMs: config.renderTimeLimitMs },
    video: { concurrency: config.videoJobs, maxWaiting: config.videoQueue, timeLimitMs: config.videoTimeLimitMs },
    metafile: {
      concurrency: config.metafileJobs,
      maxWaiting: config.metafileQueue,
      timeLimitMs: config.metafileTimeLimitMs,
    },
  };
}

/** The image audit's pass settings, for createImagePass (buildApp adds the fetch and the tools). */
export function imagePassLimits(
  config: Pick<
    AppConfig,
    | 'auditEncodeConcurrency'
    | 'auditFetches'
    | 'auditMaxImages'
    | 'auditQueue'
    | 'auditImageMaxBytes'
    | 'auditMaxPixels'
    | 'auditFilesBytes'
    | 'auditFilesTtlMs'
    | 'auditTimeoutMs'
    | 'auditSsim'
    | 'jobTtlMs'
    | 'videoTmpDir'
  >,
) {
  return {
    concurrency: config.auditEncodeConcurrency,
    fetches: config.auditFetches,
    maxImagesPerJob: config.auditMaxImages,
    maxQueue: config.auditQueue,
    maxImageBytes: config.auditImageMaxBytes,
    maxPixels: config.auditMaxPixels,
    filesBytes: config.auditFilesBytes,
    filesTtlMs: config.auditFilesTtlMs,
    timeoutMs: config.auditTimeoutMs,
    ssimTarget: config.auditSsim,
    jobTtlMs: config.jobTtlMs,
    tmpDir: config.videoTmpDir,
  };
}

/** What one extraction may spend, for buildApp and the worker. */
export function extractionBudgets(
  config: Pick<AppConfig, 'maxImagesPerPage' | 'maxImagesPerScan' | 'maxBytesPerExtraction'>,
): ExtractionBudgets {
  return {
    imagesPerPage: config.maxImagesPerPage,
    imagesPerScan: config.maxImagesPerScan,
    bytesPerExtraction: config.maxBytesPerExtraction,
  };
}

const resolveOptional = (dir: string | undefined) => (dir ? path.resolve(dir) : undefined);

/** Reads the configuration from the environment; every setting has an embedded default. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = EnvSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new Error(`[extract-api] invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.EXTRACT_API_DATA_DIR),
    siteDir: path.resolve(e.EXTRACT_API_SITE_DIR),
    remotesFile: e.EXTRACT_API_REMOTES_FILE ? path.resolve(e.EXTRACT_API_REMOTES_FILE) : undefined,
    serveSite: e.EXTRACT_API_SERVE_SITE === '1',
    allowLoopback: e.EXTRACT_API_ALLOW_LOOPBACK === '1',
    chromiumPath: e.EXTRACT_API_CHROMIUM_PATH,
    renderUser: e.EXTRACT_API_RENDER_USER,
    chromiumNoSandbox: e.EXTRACT_API_CHROMIUM_NO_SANDBOX === '1',
    rendererProcesses: e.EXTRACT_API_RENDERER_PROCESSES,
    rendererMemoryMb: e.EXTRACT_API_RENDERER_MEMORY_MB,
    renders: e.EXTRACT_API_RENDERS,
    renderQueue: e.EXTRACT_API_RENDER_QUEUE,
    renderTimeLimitMs: e.EXTRACT_API_RENDER_TIME_LIMIT_S * 1000,
    renderScroll: {
      timeMs: Math.round(e.EXTRACT_API_RENDER_SCROLL_TIME_S * 1000),
      heightPx: e.EXTRACT_API_RENDER_SCROLL_HEIGHT_PX,
    },
    maxPages: e.EXTRACT_API_MAX_PAGES,
    pagesPerHost: e.EXTRACT_API_PAGES_PER_HOST,
    maxImagesPerPage: e.EXTRACT_API_MAX_IMAGES_PER_PAGE,
    maxImagesPerScan: e.EXTRACT_API_MAX_IMAGES_PER_SCAN,
    maxBytesPerExtraction: e.EXTRACT_API_MAX_BYTES_PER_EXTRACTION,
    probesPerHost: e.EXTRACT_API_PROBES_PER_HOST,
    originals: {
      maxCandidates: e.EXTRACT_API_ORIGINAL_CANDIDATES,
      maxBytes: Math.round(e.EXTRACT_API_ORIGINAL_MAX_MB * MB),
      maxPixels: Math.round(e.EXTRACT_API_ORIGINAL_MAX_MEGAPIXELS * 1_000_000),
    },
    scanJobs: e.EXTRACT_API_SCAN_JOBS,
    scanQueue: e.EXTRACT_API_SCAN_QUEUE,
    scanTimeLimitMs: Math.round(e.EXTRACT_API_SCAN_TIME_LIMIT_MIN * 60_000),
    jobTtlMs: Math.round(e.EXTRACT_API_JOB_TTL_HOURS * 3_600_000),
    redisUrl: e.REDIS_URL,
    workerPages: e.EXTRACT_API_WORKER_PAGES,
    workerLockMs: e.EXTRACT_API_WORKER_LOCK_MS,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    inkscapePath: e.INKSCAPE_PATH,
    metafileJobs: e.EXTRACT_API_METAFILE_JOBS,
    metafileQueue: e.EXTRACT_API_METAFILE_QUEUE,
    metafileTimeLimitMs: e.EXTRACT_API_METAFILE_TIME_LIMIT_S * 1000,
    figureSvgMaxBytes: Math.round(e.EXTRACT_API_FIGURE_SVG_MAX_MB * 1024 * 1024),
    videoJobs: e.EXTRACT_API_VIDEO_JOBS,
    videoQueue: e.EXTRACT_API_VIDEO_QUEUE,
    videoTimeLimitMs: e.EXTRACT_API_VIDEO_TIME_LIMIT_S * 1000,
    videoTmpDir: resolveOptional(e.EXTRACT_API_VIDEO_TMP_DIR ?? e.EXTRACT_API_TMP_DIR),
    auditEncodeConcurrency: e.EXTRACT_API_AUDIT_ENCODE_CONCURRENCY,
    auditFetches: e.EXTRACT_API_AUDIT_FETCHES,
    auditMaxImages: e.EXTRACT_API_AUDIT_MAX_IMAGES,
    auditQueue: e.EXTRACT_API_AUDIT_QUEUE,
    auditImageMaxBytes: Math.round(e.EXTRACT_API_AUDIT_IMAGE_MAX_MB * MB),
    auditMaxPixels: Math.round(e.EXTRACT_API_AUDIT_MAX_MEGAPIXELS * 1_000_000),
    auditFilesBytes: e.EXTRACT_API_AUDIT_FILES_MB * MB,
    auditFilesTtlMs: Math.round(e.EXTRACT_API_AUDIT_FILES_TTL_MIN * 60_000),
    auditTimeoutMs: e.EXTRACT_API_AUDIT_TIMEOUT_SECONDS * 1000,
    auditSsim: e.EXTRACT_API_AUDIT_SSIM,
    auditMaxUses: e.EXTRACT_API_AUDIT_MAX_USES,
    auditMaxUsesPerPage: e.EXTRACT_API_AUDIT_MAX_USES_PER_PAGE,
    documentWorkers: e.EXTRACT_API_DOCUMENT_WORKERS,
    documentHeapMb: e.EXTRACT_API_DOCUMENT_HEAP_MB,
    documentTimeLimitMs: e.EXTRACT_API_DOCUMENT_TIME_LIMIT_S * 1000,
    documentQueue: e.EXTRACT_API_DOCUMENT_QUEUE,
    figuresMax: e.EXTRACT_API_FIGURES_MAX,
    figureMaxPixels: e.EXTRACT_API_FIGURE_MAX_PIXELS,
    figureRenderTimeLimitMs: Math.round(e.EXTRACT_API_FIGURE_RENDER_TIME_LIMIT_S * 1000),
    headersTimeoutMs: e.EXTRACT_API_HEADERS_TIMEOUT_S * 1000,
    requestTimeoutMs: e.EXTRACT_API_REQUEST_TIMEOUT_S * 1000,
    uploadMinBytesPerS: e.EXTRACT_API_UPLOAD_MIN_BYTES_PER_S,
    uploadMemoryBytes: e.EXTRACT_API_UPLOAD_MEMORY_MB * MB,
    tmpDir: resolveOptional(e.EXTRACT_API_TMP_DIR),
    finishedJobs: e.EXTRACT_API_FINISHED_JOBS,
    finishedJobsBytes: e.EXTRACT_API_FINISHED_JOBS_MB * MB,
    rateLimits: {
      reads: e.EXTRACT_API_RATE_LIMIT_READS,
      relay: e.EXTRACT_API_RATE_LIMIT_RELAY,
      extractions: e.EXTRACT_API_RATE_LIMIT_EXTRACTIONS,
      heavy: e.EXTRACT_API_RATE_LIMIT_HEAVY,
      contact: e.EXTRACT_API_RATE_LIMIT_CONTACT,
    },
    contactPerClientPerDay: e.EXTRACT_API_CONTACT_PER_CLIENT_PER_DAY,
    trustProxy: e.EXTRACT_API_TRUST_PROXY,
    logLevel: e.LOG_LEVEL,
  };
}
