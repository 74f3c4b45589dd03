import * as z from 'zod/mini';

/**
 * An image audit: what a site owner should fix in the images of a page or a whole scan, for search,
 * accessibility and speed. The server reads it from a website job (any depth, 0 for the URL tool's
 * pages); the screen, the exports and the CLI all show this one report, so their numbers agree.
 */

/** Every check the audit makes, grouped by what it is about (the first word). */
export const AUDIT_RULES = [
  // alt text
  'alt-missing',
  'alt-empty',
  'alt-too-long',
  'alt-placeholder',
  'alt-duplicate',
  // size
  'size-oversized',
  'size-unsized',
  'size-no-srcset',
  // weight
  'weight-heavy',
  'weight-reencode',
  // loading
  'loading-eager-offscreen',
  'loading-lazy-lcp',
  'loading-animated-gif',
  'loading-broken',
  'loading-redirect',
  'loading-robots',
  // duplicates
  'duplicate',
] as const;
export const AuditRuleSchema = z.enum(AUDIT_RULES);
export type AuditRule = z.infer<typeof AuditRuleSchema>;

export const AUDIT_GROUPS = ['alt', 'size', 'weight', 'loading', 'duplicate'] as const;
export type AuditGroup = (typeof AUDIT_GROUPS)[number];

/** The group a rule belongs to: the word before its first dash. */
export function auditGroupOf(rule: AuditRule): AuditGroup {
  return rule.split('-')[0] as AuditGroup;
}

export const AUDIT_SEVERITIES = ['high', 'medium', 'low'] as const;
export const AuditSeveritySchema = z.enum(AUDIT_SEVERITIES);
export type AuditSeverity = z.infer<typeof AuditSeveritySchema>;

const count = z.number().check(z.int(), z.nonnegative());
const side = z.number().check(z.int(), z.positive());

/**
 * How the size an image is displayed at was known: from the rendered page's layout, or read from
 * the markup (`width`/`height` attributes, `sizes`, inline CSS), which the report says as such.
 */
export const DisplaySizeSourceSchema = z.enum(['layout', 'attributes', 'sizes', 'css']);
export type DisplaySizeSource = z.infer<typeof DisplaySizeSourceSchema>;

/**
 * One element of one page that shows an image: what the audit's alt, size and loading checks read.
 * Read from the page's HTML (and, in render mode, from its layout).
 */
export const ImageUseSchema = z.object({
  pageUrl: z.string(),
  /** The image the element shows, resolved: its `src`, or its largest srcset candidate. */
  imageUrl: z.string(),
  /** The element: `img`, `input`, `picture`, `svg-image`, `css` (an inline style's background). */
  tag: z.string(),
  /** A short CSS selector that finds the element on the page. */
  selector: z.string(),
  /** The element's start tag as written (at most 300 characters). */
  html: z.string().check(z.maxLength(400)),
  /** Position among the page's image elements, from 0, in document order. */
  order: count,
  /** The alt attribute as written; null when the element has none. Absent for CSS backgrounds. */
  alt: z.optional(z.nullable(z.string())),
  /** Marked decorative: `role=presentation|none`, `aria-hidden=true`. */
  decorative: z.optional(z.boolean()),
  /** Inside a link or button whose own text names it (an empty alt is then right). */
  labelledByParent: z.optional(z.boolean()),
  /** Inside a link or button, whatever its text (an empty alt there may leave it without a name). */
  inLink: z.optional(z.boolean()),
  /** The width and height attributes, in CSS px, when given as numbers. */
  widthAttr: z.optional(side),
  heightAttr: z.optional(side),
  /** Sized by CSS (an inline style's width/height or aspect-ratio): no layout shift either. */
  sizedByCss: z.optional(z.boolean()),
  srcset: z.optional(z.boolean()),
  sizes: z.optional(z.string().check(z.maxLength(400))),
  loading: z.optional(z.enum(['lazy', 'eager'])),
  fetchPriority: z.optional(z.enum(['high', 'low', 'auto'])),
  /** The largest size it is displayed at, in CSS px, and how that was known. */
  displayWidth: z.optional(side),
  displayHeight: z.optional(side),
  displayFrom: z.optional(DisplaySizeSourceSchema),
  /**
   * Whether it is in the first screen: from layout in render mode; otherwise the markup's guess
   * (among the page's first images, outside a lazy carousel), `aboveFoldFrom` says which.
   */
  aboveFold: z.optional(z.boolean()),
  aboveFoldFrom: z.optional(z.enum(['layout', 'markup'])),
  /** The page's largest contentful image (render mode only). */
  lcp: z.optional(z.boolean()),
});
export type ImageUse = z.infer<typeof ImageUseSchema>;

/**
 * What fetching one image told: its status, redirects, type and bytes. An image the grid shows
 * has its measured facts too (the report reads them from the job's images).
 */
export const ImageFetchFactsSchema = z.object({
  url: z.string(),
  /** The last HTTP status; absent when no answer came (a network failure: `error` says it). */
  status: z.optional(z.number().check(z.int())),
  /** The addresses that answered with a redirect, in order, the image's own first (a redirect chain). */
  redirects: z.optional(z.array(z.string()).check(z.maxLength(20))),
  contentType: z.optional(z.string()),
  /** The answer was not an image: its bytes are not one, whatever the header says. */
  notAnImage: z.optional(z.boolean()),
  error: z.optional(z.string()),
  /** robots.txt disallows it for image crawlers (Googlebot-Image, or `*`). */
  robotsBlocked: z.optional(z.boolean()),
});
export type ImageFetchFacts = z.infer<typeof ImageFetchFactsSchema>;

/** A re-encoded copy the server really made, offered for download. */
export const EncodedCopySchema = z.object({
  format: z.enum(['WEBP', 'AVIF', 'MP4', 'WEBM']),
  mimeType: z.string(),
  /** Where to download it: the job's audit files route. */
  url: z.string(),
  name: z.string(),
  bytes: count,
  width: side,
  height: side,
  /** The encoder's quality setting that reached the target. */
  quality: z.optional(z.number()),
  /** SSIM against the original scaled to the same size (1 = identical); absent for video. */
  ssim: z.optional(z.number()),
});
export type EncodedCopy = z.infer<typeof EncodedCopySchema>;

/** One thing to fix about one image: where it is used, why it matters, what fixing it saves. */
export const AuditFindingSchema = z.object({
  id: z.string(),
  rule: AuditRuleSchema,
  severity: AuditSeveritySchema,
  imageUrl: z.string(),
  /** Every page where the problem shows, first one first (bounded; `pageCount` says how many). */
  pages: z.array(z.string()),
  pageCount: count,
  /** Elements that show the problem, on every page (0 for a problem of the file alone: its weight, a redirect). */
  elements: count,
  /** The element on the first page, when the problem is an element's. */
  selector: z.optional(z.string()),
  html: z.optional(z.string()),
  /** What is wrong, with this image's numbers, in one sentence. */
  detail: z.string(),
  /** Bytes a visitor would no longer download when it is fixed, for each page view. */
  bytesSaved: z.optional(count),
  /** Files made to fix it: the smaller WebP/AVIF, the video for a GIF. */
  encoded: z.optional(z.array(EncodedCopySchema)),
  /** Other addresses of the same picture (duplicate). */
  sameAs: z.optional(z.array(z.string())),
});
export type AuditFinding = z.infer<typeof AuditFindingSchema>;

export const AuditRuleSummarySchema = z.object({
  rule: AuditRuleSchema,
  severity: AuditSeveritySchema,
  /** Findings: images with the problem. */
  count,
  /**
   * Elements with the problem, on every page together: what a count over each page's DOM gives
   * (an image without alt shown on 40 pages is one finding, 40 elements).
   */
  elements: count,
  bytesSaved: count,
});

export const AuditPageSummarySchema = z.object({
  pageUrl: z.string(),
  findings: count,
  high: count,
  bytesSaved: count,
});
export type AuditPageSummary = z.infer<typeof AuditPageSummarySchema>;

/** `GET /api/website-jobs/:id/audit`: the report, as complete as the scan and the encoding are. */
export const AuditReportSchema = z.object({
  jobId: z.string(),
  /** `running` while the scan reads pages or the encoder still works; the screen asks again. */
  status: z.enum(['running', 'done']),
  pages: count,
  images: count,
  /** Element uses read: the images' appearances on pages. */
  uses: count,
  /** Re-encoding: images done of those to encode. */
  encoding: z.object({ done: count, total: count }),
  summary: z.object({
    findings: count,
    bytesToSave: count,
    bySeverity: z.object({ high: count, medium: count, low: count }),
    byRule: z.array(AuditRuleSummarySchema),
    /** The ten pages with the most to fix (high findings first, then all, then bytes). */
    topPages: z.array(AuditPageSummarySchema),
  }),
  findings: z.array(AuditFindingSchema),
  /** Sentences about how the audit was made (display sizes read from markup, a budget that bit). */
  notes: z.array(z.string()),
});
export type AuditReport = z.infer<typeof AuditReportSchema>;

/** The audit's exports: a spreadsheet of every finding, one sheet per rule, a printable report. */
export const AUDIT_EXPORT_FORMATS = ['csv', 'xlsx', 'html'] as const;
export const AuditExportFormatSchema = z.enum(AUDIT_EXPORT_FORMATS);
export type AuditExportFormat = z.infer<typeof AuditExportFormatSchema>;

/** Defaults of the audit's thresholds (the server's settings may change them). */
export const AUDIT_DEFAULTS = {
  /** Alt text longer than this is too long for a screen reader to read out. */
  altMaxChars: 100,
  /** An image file heavier than this is heavy. */
  heavyBytes: 100 * 1024,
  /** Intrinsic larger than displayed by more than this factor is oversized. */
  oversizeFactor: 1.5,
  /** An animated GIF heavier than this should be a video. */
  gifVideoBytes: 1024 * 1024,
  /** A displayed width above which an image without srcset should offer smaller sizes. */
  srcsetMinWidth: 400,
} as const;
