import { AUDIT_DEFAULTS, type AuditReport, type ExtractedImage, type ImageUse, MESSAGES } from 'shared-contracts';
import type { JobAudit } from '../jobs/types.ts';
import { buildAudit } from './buildAudit.ts';
import type { ImagePass, ImagePassProgress, ImagePassRequest } from './imagePass/index.ts';

/**
 * The image as the page served it: a scan that gives full-size originals keeps the page's copy as
 * `shownOnPage`, and that copy is what every visitor downloads, so it is what the audit judges.
 */
export function servedImage(image: ExtractedImage): ExtractedImage {
  const shown = image.shownOnPage;
  if (!shown) return image;
  const { shownOnPage: _shown, ...rest } = image;
  return {
    ...rest,
    url: shown.url,
    width: shown.width,
    height: shown.height,
    size: shown.size,
    format: shown.format,
  };
}

/** The largest size each image is shown at, over every element that shows it. */
function displaySizes(uses: readonly ImageUse[]): Map<string, { width?: number; height?: number }> {
  const sizes = new Map<string, { width?: number; height?: number }>();
  for (const use of uses) {
    if (use.displayWidth === undefined) continue;
    const known = sizes.get(use.imageUrl);
    if (!known || (known.width ?? 0) < use.displayWidth) {
      sizes.set(use.imageUrl, {
        width: use.displayWidth,
        ...(use.displayHeight === undefined ? {} : { height: use.displayHeight }),
      });
    }
  }
  return sizes;
}

/**
 * What the pass is asked for, image by image: every web image is fetched once and hashed (the
 * duplicates check needs each picture); it is re-encoded when it is heavy, larger than it is
 * shown, or a GIF that may be an animation worth a video. SVG and data: images are left out.
 */
export function planImagePass(
  uses: readonly ImageUse[],
  images: readonly ExtractedImage[],
  thresholds: typeof AUDIT_DEFAULTS = AUDIT_DEFAULTS,
): ImagePassRequest[] {
  const sizes = displaySizes(uses);
  const seen = new Set<string>();
  const requests: ImagePassRequest[] = [];
  for (const image of images) {
    if (!/^https?:/i.test(image.url) || image.format === 'SVG' || seen.has(image.url)) continue;
    seen.add(image.url);
    const shown = sizes.get(image.url);
    const heavy = (image.size ?? 0) > thresholds.heavyBytes;
    const oversized =
      shown?.width !== undefined && image.width !== undefined && image.width > shown.width * thresholds.oversizeFactor;
    const gif = image.format === 'GIF' && (image.size ?? 0) > thresholds.gifVideoBytes;
    requests.push({
      url: image.url,
      ...(shown?.width === undefined ? {} : { displayWidth: shown.width }),
      ...(shown?.height === undefined ? {} : { displayHeight: shown.height }),
      encode: heavy || oversized || gif,
    });
  }
  return requests;
}

/** The report of what a job and the pass have so far. */
export function auditReport(
  jobId: string,
  data: JobAudit,
  images: readonly ExtractedImage[],
  progress: Pick<ImagePassProgress, 'results' | 'done' | 'total' | 'busy' | 'overLimit'>,
): AuditReport {
  const scanRunning = data.status === 'queued' || data.status === 'running';
  const notes: string[] = [];
  if (progress.busy) notes.push(MESSAGES.audit.encodeBusy);
  if (progress.overLimit) notes.push(MESSAGES.audit.image.notQueued(progress.total));
  if (data.droppedUses > 0) notes.push(MESSAGES.audit.usesDropped(data.droppedUses));
  return buildAudit({
    jobId,
    status: scanRunning || progress.done < progress.total ? 'running' : 'done',
    pages: data.pages,
    render: data.input.render,
    uses: data.uses,
    fetches: data.fetches,
    images: [...images],
    pass: progress.results,
    encoding: { done: progress.done, total: progress.total },
    notes,
  });
}

export type AuditAnswer = { kind: 'report'; report: AuditReport } | { kind: 'not-found' } | { kind: 'not-audited' };

export type AuditService = {
  /** The job's report now; asks the pass for the images it has not seen yet. */
  report(jobId: string): Promise<AuditAnswer>;
  pass: ImagePass;
};

/** Reports kept, the latest per job: a screen asks every two seconds, mostly for nothing new. */
const CACHED_REPORTS = 32;

/**
 * Reads a job's audit records and images, feeds the pass, builds the report. A report is built
 * again only when something it reads has changed (records, images, pass results, the job's status).
 */
export function createAuditService(
  jobs: { audit(id: string): Promise<JobAudit | undefined>; images(id: string): Promise<ExtractedImage[] | undefined> },
  pass: ImagePass,
): AuditService {
  const cache = new Map<string, { key: string; report: AuditReport }>();
  return {
    pass,
    async report(jobId) {
      const data = await jobs.audit(jobId);
      if (!data) return { kind: 'not-found' };
      if (!data.input.audit) return { kind: 'not-audited' };
      const images = ((await jobs.images(jobId)) ?? []).map(servedImage);
      for (const request of planImagePass(data.uses, images)) pass.request(jobId, request);
      const progress = pass.results(jobId);
      const key = [
        data.status,
        data.pages,
        data.uses.length,
        data.fetches.length,
        images.length,
        progress.done,
        progress.total,
        progress.busy,
      ].join(':');
      const known = cache.get(jobId);
      if (known?.key === key) return { kind: 'report', report: known.report };
      const report = auditReport(jobId, data, images, progress);
      cache.delete(jobId);
      cache.set(jobId, { key, report });
      if (cache.size > CACHED_REPORTS) cache.delete(cache.keys().next().value as string);
      return { kind: 'report', report };
    },
  };
}
