import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCAN_MAX_PAGES_DEFAULT, SCAN_MAX_PAGES_LIMIT } from 'shared-contracts';
import { z } from 'zod';
import { DOCUMENT_TIME_LIMIT_MS } from './extractors/document/readDocument.ts';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoDir = path.resolve(packageDir, '..');

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
  /** A website scan stops after this many pages. */
  EXTRACT_API_MAX_PAGES: z.coerce.number().int().min(1).max(SCAN_MAX_PAGES_LIMIT).default(SCAN_MAX_PAGES_DEFAULT),
  /** Requests a scan sends one host at once (robots.txt's Crawl-delay makes it one). */
  EXTRACT_API_PAGES_PER_HOST: z.coerce.number().int().min(1).max(32).default(4),
  /** Website scans run at once by this process (embedded) or by each worker (Redis); more wait. */
  EXTRACT_API_SCAN_JOBS: z.coerce.number().int().min(1).max(64).default(2),
  /** Website scans that may wait for their turn; more are answered 503. */
  EXTRACT_API_SCAN_QUEUE: z.coerce.number().int().min(0).max(100_000).default(100),
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
  EXTRACT_API_WORKER_PAGES: z.coerce.number().int().min(1).max(256).default(8),
  /** BullMQ's lock on a page task, in ms: a killed worker's pages go to another after this. */
  EXTRACT_API_WORKER_LOCK_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  /** ffmpeg and ffprobe for the videos the browser cannot decode; a name is looked up on PATH. */
  FFMPEG_PATH: z.string().min(1).default('ffmpeg'),
  FFPROBE_PATH: z.string().min(1).default('ffprobe'),
  /** Inkscape, which draws the EMF/WMF pictures the browser cannot (POST /api/metafile-preview). */
  INKSCAPE_PATH: z.string().min(1).default('inkscape'),
  /** Video conversions run at once; each one keeps ffmpeg busy on every core it is given. */
  EXTRACT_API_VIDEO_JOBS: z.coerce.number().int().min(1).max(64).default(2),
  /** One video conversion is stopped after this many seconds. */
  EXTRACT_API_VIDEO_TIME_LIMIT_S: z.coerce.number().int().min(10).max(86_400).default(900),
  /** Where uploads and fetched videos are written while ffmpeg reads them (deleted after each request). */
  EXTRACT_API_VIDEO_TMP_DIR: z.string().min(1).optional(),
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
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

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
  maxPages: number;
  /** Website scans as jobs; each has a default, like the video settings. */
  pagesPerHost?: number;
  scanJobs?: number;
  scanQueue?: number;
  jobTtlMs?: number;
  /** Scans on BullMQ with Redis when set; in this process when not. */
  redisUrl?: string | undefined;
  workerPages?: number;
  workerLockMs?: number;
  /** Video conversion (POST /api/video/frames); each has a default, so tests and embedders may leave them out. */
  ffmpegPath?: string;
  ffprobePath?: string;
  videoJobs?: number;
  videoTimeLimitMs?: number;
  videoTmpDir?: string | undefined;
  /** Inkscape for POST /api/metafile-preview; a name is looked up on PATH. */
  inkscapePath?: string;
  /** The document worker pool (POST /v1/extract-images); each has a default, like the video settings. */
  documentWorkers?: number;
  documentHeapMb?: number;
  documentTimeLimitMs?: number;
  documentQueue?: number;
  logLevel: z.infer<typeof EnvSchema>['LOG_LEVEL'];
};

/** The document pool's settings with their defaults, for buildApp and the CLI. */
export function documentPoolOptions(config: Partial<AppConfig>) {
  return {
    workers: config.documentWorkers ?? 2,
    heapMb: config.documentHeapMb ?? 512,
    timeLimitMs: config.documentTimeLimitMs ?? DOCUMENT_TIME_LIMIT_MS,
    maxQueue: config.documentQueue ?? 20,
  };
}

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
    maxPages: e.EXTRACT_API_MAX_PAGES,
    pagesPerHost: e.EXTRACT_API_PAGES_PER_HOST,
    scanJobs: e.EXTRACT_API_SCAN_JOBS,
    scanQueue: e.EXTRACT_API_SCAN_QUEUE,
    jobTtlMs: Math.round(e.EXTRACT_API_JOB_TTL_HOURS * 3_600_000),
    redisUrl: e.REDIS_URL,
    workerPages: e.EXTRACT_API_WORKER_PAGES,
    workerLockMs: e.EXTRACT_API_WORKER_LOCK_MS,
    ffmpegPath: e.FFMPEG_PATH,
    ffprobePath: e.FFPROBE_PATH,
    inkscapePath: e.INKSCAPE_PATH,
    videoJobs: e.EXTRACT_API_VIDEO_JOBS,
    videoTimeLimitMs: e.EXTRACT_API_VIDEO_TIME_LIMIT_S * 1000,
    videoTmpDir: e.EXTRACT_API_VIDEO_TMP_DIR ? path.resolve(e.EXTRACT_API_VIDEO_TMP_DIR) : undefined,
    documentWorkers: e.EXTRACT_API_DOCUMENT_WORKERS,
    documentHeapMb: e.EXTRACT_API_DOCUMENT_HEAP_MB,
    documentTimeLimitMs: e.EXTRACT_API_DOCUMENT_TIME_LIMIT_S * 1000,
    documentQueue: e.EXTRACT_API_DOCUMENT_QUEUE,
    logLevel: e.LOG_LEVEL,
  };
}
