import { JOB_PATHS, MESSAGES } from 'shared-contracts';
import { createLimiter, imageAccept } from '../../extractors/probe/index.ts';
import type { VideoTools } from '../../extractors/video/index.ts';
import { isSafeFetchError, readBuffer, type SafeFetch } from '../../services/safeFetch/index.ts';
import { analyseImage } from './analyseImage.ts';
import { createFileStore } from './fileStore.ts';
import type { ImagePassRequest, ImagePassResult, StoredFile } from './types.ts';

export type ImagePassOptions = {
  /** Images analysed (decoded, hashed, re-encoded) at once (EXTRACT_API_AUDIT_ENCODE_CONCURRENCY). */
  concurrency: number;
  /**
   * Images in hand at once, fetching or analysed (EXTRACT_API_AUDIT_FETCHES): the next ones are
   * fetched while one is analysed, so a slow site does not leave the cores idle. `concurrency`
   * when left out.
   */
  fetches?: number;
  /** Images waiting for a turn in the shared queue (EXTRACT_API_AUDIT_QUEUE), at least 1. */
  maxQueue: number;
  /** Images of one job analysed at most (EXTRACT_API_AUDIT_MAX_IMAGES); later ones are refused. */
  maxImagesPerJob: number;
  /** One image's fetch and analysis together (EXTRACT_API_AUDIT_TIMEOUT_SECONDS). */
  timeoutMs: number;
  /** An image file larger than this is not read (EXTRACT_API_AUDIT_IMAGE_MAX_MB). */
  maxImageBytes: number;
  /** Pixels decoded at most (EXTRACT_API_AUDIT_MAX_MEGAPIXELS). */
  maxPixels: number;
  /** SSIM the WebP and AVIF copies reach (EXTRACT_API_AUDIT_SSIM). */
  ssimTarget: number;
  /** The copies kept for download, all jobs together, and for how long (EXTRACT_API_AUDIT_FILES_MB, _FILES_TTL_MIN). */
  filesBytes: number;
  filesTtlMs: number;
  /** A job's results are dropped this long after it last asked for anything (the jobs' own time to live). */
  jobTtlMs: number;
  /** The app's safe fetch: every image is fetched through it, SSRF rules and all. */
  fetch: SafeFetch;
  tools: VideoTools;
  tmpDir?: string | undefined;
  /** An animated GIF heavier than this gets its MP4 and WebM. */
  gifVideoBytes?: number | undefined;
  now?: () => number;
};

export type ImagePassProgress = {
  /** The images finished, in the order they finished. */
  results: ImagePassResult[];
  done: number;
  /** Images accepted for this job. */
  total: number;
  /** Some of this job's images wait for the shared queue to free (MESSAGES.audit.encodeBusy). */
  busy: boolean;
  /** Images were refused past the job's limit (MESSAGES.audit.image.notQueued). */
  overLimit: boolean;
};

/** What became of a request: started or in the shared queue, waiting behind it, already asked, refused. */
export type ImagePassAdmission = 'queued' | 'waiting' | 'known' | 'over-limit';

export type ImagePass = {
  /** Asks for one image of a job; each address is fetched once per job, whatever it is asked again. */
  request: (jobId: string, image: ImagePassRequest) => ImagePassAdmission;
  results: (jobId: string) => ImagePassProgress;
  /** A copy the pass made, for the files route; undefined once it expired or made room for newer ones. */
  file: (jobId: string, fileId: string) => StoredFile | undefined;
  /** Drops a job: its waiting images, its results, its files; its running images are stopped. */
  forget: (jobId: string) => void;
  readonly stats: { active: number; queued: number; waiting: number; fileBytes: number };
  /** Stops every image and drops everything (the app's onClose). */
  close: () => void;
};

type Job = {
  id: string;
  urls: Set<string>;
  results: ImagePassResult[];
  /** Images waiting beyond the shared queue, moved into it as it frees, one job after another. */
  backlog: ImagePassRequest[];
  running: Set<AbortController>;
  overLimit: boolean;
  touched: number;
};

type Queued = { job: Job; image: ImagePassRequest };

/**
 * The audit's image pass: each image of a job fetched whole once through the safe fetch, then
 * hashed, measured and re-encoded (analyseImage), `concurrency` at once on this process.
 *
 * Bounds: a job has at most `maxImagesPerJob` images (more are refused, and the progress says so);
 * the shared queue holds `maxQueue` images, and past it a job's images wait in the job's own list
 * (addresses only), moved into the queue as it frees, taking turns between jobs so that a big scan
 * does not hold back a small one. A request is never refused for a full queue: the report then
 * says encoding is busy and fills in later. One image gets `timeoutMs` for its fetch and analysis:
 * ffmpeg is killed at once, sharp's pipelines are given the time left, and the image's turn is
 * freed only when its work has stopped, so `concurrency` is never passed.
 */
export function createImagePass(options: ImagePassOptions): ImagePass {
  if (!Number.isInteger(options.concurrency) || options.concurrency < 1) {
    throw new TypeError(`[imagePass] concurrency must be a whole number ≥ 1, got ${options.concurrency}`);
  }
  if (!Number.isInteger(options.maxQueue) || options.maxQueue < 1) {
    throw new TypeError(`[imagePass] maxQueue must be a whole number ≥ 1, got ${options.maxQueue}`);
  }
  const now = options.now ?? Date.now;
  const store = createFileStore({ maxBytes: options.filesBytes, ttlMs: options.filesTtlMs, now });
  const jobs = new Map<string, Job>();
  const queue: Queued[] = [];
  /** Jobs with a backlog, in turn. */
  const rotation: Job[] = [];
  let active = 0;
  let closed = false;

  const timeoutSeconds = Math.max(1, Math.round(options.timeoutMs / 1000));
  const inHand = Math.max(options.concurrency, options.fetches ?? options.concurrency);
  // The cores' share: fetched images wait here for their analysis.
  const analysing = createLimiter(options.concurrency);

  function expireJobs() {
    const time = now();
    for (const job of jobs.values()) {
      if (job.running.size === 0 && time - job.touched > options.jobTtlMs) forget(job.id);
    }
  }

  function refill() {
    while (queue.length < options.maxQueue && rotation.length > 0) {
      const job = rotation.shift() as Job;
      const image = job.backlog.shift();
      if (image) queue.push({ job, image });
      if (job.backlog.length > 0) rotation.push(job);
    }
  }

  function pump() {
    refill();
    while (!closed && active < inHand && queue.length > 0) {
      const next = queue.shift() as Queued;
      refill();
      void run(next);
    }
  }

  async function run({ job, image }: Queued) {
    active += 1;
    const controller = new AbortController();
    job.running.add(controller);
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    // The time limit runs for the fetch, then again from the analysis's start: a fetched image
    // waiting for a core does not spend it.
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, options.timeoutMs);
      timer.unref();
      return Date.now() + options.timeoutMs;
    };
    arm();
    let result: ImagePassResult;
    try {
      const response = await options.fetch(image.url, {
        kind: 'image',
        maxBytes: options.maxImageBytes,
        signal: controller.signal,
        headers: { accept: imageAccept() },
      });
      const bytes = await readBuffer(response);
      result = await analysing(() => {
        controller.signal.throwIfAborted();
        return analyseImage(bytes, image, {
          url: image.url,
          maxPixels: options.maxPixels,
          ssimTarget: options.ssimTarget,
          gifVideoBytes: options.gifVideoBytes,
          tools: options.tools,
          tmpDir: options.tmpDir,
          signal: controller.signal,
          deadline: arm(),
          // A job forgotten meanwhile keeps nothing: its id would find no file anyway.
          keep: (file) =>
            JOB_PATHS.websiteJobAuditFile(
              job.id,
              jobs.get(job.id) === job ? store.put(job.id, file, extensionOf(file.name)) : 'gone',
            ),
        });
      });
    } catch (error) {
      result = {
        url: image.url,
        error: timedOut
          ? MESSAGES.audit.image.timedOut(timeoutSeconds)
          : isSafeFetchError(error)
            ? error.message
            : MESSAGES.audit.image.encodeFailed,
      };
    } finally {
      clearTimeout(timer);
      job.running.delete(controller);
      active -= 1;
    }
    if (jobs.get(job.id) === job) job.results.push(result);
    pump();
  }

  function forget(jobId: string) {
    const job = jobs.get(jobId);
    if (!job) return;
    jobs.delete(jobId);
    for (const controller of job.running) controller.abort();
    for (let i = queue.length - 1; i >= 0; i -= 1) if (queue[i]?.job === job) queue.splice(i, 1);
    const turn = rotation.indexOf(job);
    if (turn >= 0) rotation.splice(turn, 1);
    store.dropJob(jobId);
    pump();
  }

  return {
    request(jobId, image) {
      if (closed) return 'over-limit';
      expireJobs();
      let job = jobs.get(jobId);
      if (!job) {
        job = {
          id: jobId,
          urls: new Set(),
          results: [],
          backlog: [],
          running: new Set(),
          overLimit: false,
          touched: 0,
        };
        jobs.set(jobId, job);
      }
      job.touched = now();
      if (job.urls.has(image.url)) return 'known';
      if (job.urls.size >= options.maxImagesPerJob) {
        job.overLimit = true;
        return 'over-limit';
      }
      job.urls.add(image.url);
      if (job.backlog.length === 0 && queue.length < options.maxQueue) {
        queue.push({ job, image });
        pump();
        return 'queued';
      }
      job.backlog.push(image);
      if (!rotation.includes(job)) rotation.push(job);
      return 'waiting';
    },
    results(jobId) {
      const job = jobs.get(jobId);
      if (!job) return { results: [], done: 0, total: 0, busy: false, overLimit: false };
      job.touched = now();
      return {
        results: [...job.results],
        done: job.results.length,
        total: job.urls.size,
        busy: job.backlog.length > 0,
        overLimit: job.overLimit,
      };
    },
    file: (jobId, fileId) => store.get(jobId, fileId),
    forget,
    get stats() {
      const waiting = rotation.reduce((sum, job) => sum + job.backlog.length, 0);
      return { active, queued: queue.length, waiting, fileBytes: store.bytes };
    },
    close() {
      closed = true;
      for (const id of [...jobs.keys()]) forget(id);
    },
  };
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.') + 1);
