import * as z from 'zod/mini';
import { ExtractedImageSchema } from '../entities/extractedImage.ts';
import { ExtractionEventSchema, ExtractionProgressSchema } from '../extraction/events.ts';
import {
  SCAN_BATCH_MAX_URLS,
  SCAN_DEPTH_DEFAULT,
  SCAN_DEPTH_MAX,
  SCAN_PATTERN_MAX_WILDCARDS,
  SCAN_PATTERNS_MAX,
} from '../limits.ts';
import { MESSAGES } from '../messages/catalogue.ts';
import { ExtractWebsiteRequestSchema, PublicUrlSchema } from './extract.ts';

/**
 * Website scans as jobs: `POST` creates one and answers its id; the scan runs on the
 * server (in the API process, or on workers sharing a Redis queue) whether or not anyone watches;
 * any request re-attaches by id: its status and images since a cursor, or its events as NDJSON
 * from a cursor on, so a reload or another device picks up where it was, nothing twice.
 */
export const JOB_PATHS = {
  /** `POST` a WebsiteJobRequest → 202 JobCreated. */
  websiteJobs: '/api/website-jobs',
  /** `GET ?after=cursor` → JobSnapshot. */
  websiteJob: (id: string) => `/api/website-jobs/${encodeURIComponent(id)}`,
  /** `GET ?after=cursor` → NDJSON of SequencedEvent, ending once the job has ended. */
  websiteJobEvents: (id: string) => `/api/website-jobs/${encodeURIComponent(id)}/events`,
  /** `POST` → JobSnapshot (without images): stops the scan, keeps what it found. */
  websiteJobCancel: (id: string) => `/api/website-jobs/${encodeURIComponent(id)}/cancel`,
  /** `GET` → a ZIP of every image the job found (streamed as the images are fetched). */
  websiteJobZip: (id: string) => `/api/website-jobs/${encodeURIComponent(id)}/zip`,
  /** `GET` → AuditReport: the image audit of what the job read so far (asks for `audit: true` at creation). */
  websiteJobAudit: (id: string) => `/api/website-jobs/${encodeURIComponent(id)}/audit`,
  /** `GET` → the audit as a file: `csv`, `xlsx` (one sheet per rule) or a printable `html` report. */
  websiteJobAuditExport: (id: string, format: string) =>
    `/api/website-jobs/${encodeURIComponent(id)}/audit.${encodeURIComponent(format)}`,
  /** `GET` → one re-encoded file the audit made (a WebP, an AVIF, a video for a GIF). */
  websiteJobAuditFile: (id: string, file: string) =>
    `/api/website-jobs/${encodeURIComponent(id)}/audit/files/${encodeURIComponent(file)}`,
} as const;

/** A job's id: URL-safe, unguessable (it is the only key to a scan's results). */
export const JobIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Not a job id'));

/** The wildcards of a pattern as the matcher sees them: a run of `*` is one. */
export function patternWildcards(pattern: string): number {
  return pattern.split(/\*+/).length - 1;
}

/** A URL pattern: `*` matches any run of characters; without `*`, the URL must contain it. */
const PatternSchema = z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(500),
  z.refine(
    (pattern) => patternWildcards(pattern) <= SCAN_PATTERN_MAX_WILDCARDS,
    MESSAGES.website.patternWildcards(SCAN_PATTERN_MAX_WILDCARDS),
  ),
);

/**
 * `POST /api/website-jobs`: a scan of one site (`url`) or of several start pages as one job
 * (`urls`, batch: each start page's site is followed; depth 0 reads the start pages only, and each
 * image then says which start address it came from, `origin`), with the website request's render,
 * and optional manners: URL patterns to include or exclude (start pages are always read), and
 * seeding from each site's sitemap.xml.
 */
export const WebsiteJobRequestSchema = z
  .object({
    ...ExtractWebsiteRequestSchema.shape,
    url: z.optional(PublicUrlSchema),
    // 0 reads the start pages only: the URL tool's list of addresses, scanned as one job.
    depth: z._default(
      z
        .number()
        .check(
          z.int('Scan depth must be a whole number'),
          z.gte(0, `Scan depth must be between 0 and ${SCAN_DEPTH_MAX}`),
          z.lte(SCAN_DEPTH_MAX, `Scan depth must be between 0 and ${SCAN_DEPTH_MAX}`),
        ),
      SCAN_DEPTH_DEFAULT,
    ),
    urls: z.optional(
      z
        .array(PublicUrlSchema)
        .check(
          z.minLength(1),
          z.maxLength(SCAN_BATCH_MAX_URLS, `At most ${SCAN_BATCH_MAX_URLS} start addresses a scan`),
        ),
    ),
    include: z.optional(z.array(PatternSchema).check(z.maxLength(SCAN_PATTERNS_MAX))),
    exclude: z.optional(z.array(PatternSchema).check(z.maxLength(SCAN_PATTERNS_MAX))),
    sitemap: z.optional(z.boolean()),
    /** Also read what the image audit needs: each image element's markup, each image's fetch. */
    audit: z.optional(z.boolean()),
  })
  .check(
    z.refine((request) => request.url !== undefined || request.urls !== undefined, {
      message: 'Please enter a URL',
    }),
  );
export type WebsiteJobRequest = z.input<typeof WebsiteJobRequestSchema>;

export const JobStatusSchema = z.enum(['queued', 'running', 'done', 'failed', 'cancelled']);
export type JobStatus = z.infer<typeof JobStatusSchema>;

export const JobCreatedSchema = z.object({ id: JobIdSchema, status: JobStatusSchema });
export type JobCreated = z.infer<typeof JobCreatedSchema>;

const cursor = z.number().check(z.int(), z.nonnegative());

/** One event of a job: the one extraction event union, numbered; `after=seq` resumes after it. */
export const SequencedEventSchema = z.intersection(z.object({ seq: cursor }), ExtractionEventSchema);
export type SequencedEvent = z.infer<typeof SequencedEventSchema>;

/** `GET /api/website-jobs/:id?after=cursor`: where a job is, and the images found after the cursor. */
export const JobSnapshotSchema = z.object({
  id: JobIdSchema,
  status: JobStatusSchema,
  createdAt: z.number(),
  /** When its results are deleted (set once it has ended). */
  expiresAt: z.optional(z.number()),
  /** The last progress (pages done, queued, failed and why, images found). */
  progress: z.optional(ExtractionProgressSchema),
  images: z.array(ExtractedImageSchema),
  /** Pass as `after` to get only what came later. */
  cursor,
  /** Why it failed, worded for the user. */
  error: z.optional(z.string()),
});
export type JobSnapshot = z.infer<typeof JobSnapshotSchema>;
