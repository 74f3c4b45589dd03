import { API_PATHS, JOB_PATHS, REMOTES_MANIFEST_PATH } from 'shared-contracts';

/**
 * The classes of routes a client's requests are counted in, each with its own limit and window.
 * A request counts in one class only.
 */
export const RATE_CLASSES = ['reads', 'relay', 'extractions', 'heavy', 'contact'] as const;
export type RateClass = (typeof RATE_CLASSES)[number];

/** How long each class's count runs: contact messages are counted by the hour, the rest by the minute. */
export const RATE_WINDOWS_MS: Record<RateClass, number> = {
  reads: 60_000,
  relay: 60_000,
  extractions: 60_000,
  heavy: 60_000,
  contact: 3_600_000,
};

/** POST /api/extract: an extraction, or with `render: true` a page loaded in Chromium, which is heavy. */
export const BY_RENDER = 'by-render';

const JOB_PATH = /^\/api\/website-jobs\/:[^/]+(\/[a-z]+)?$/;
const AUDIT_FILE_PATH = /^\/api\/website-jobs\/:[^/]+\/audit\/files\/:[^/]+$/;

const ROUTES: Record<string, RateClass | typeof BY_RENDER> = {
  [API_PATHS.health]: 'reads',
  '/api/openapi.json': 'reads',
  [REMOTES_MANIFEST_PATH]: 'reads',
  // The player's range requests and the grid's reads of image bytes (Find duplicates, Details,
  // Save to folder) come many per page: each is one bounded fetch.
  [API_PATHS.image]: 'relay',
  [API_PATHS.videoSource]: 'relay',
  [API_PATHS.extract]: BY_RENDER,
  [API_PATHS.zip]: 'extractions',
  [API_PATHS.metafilePreview]: 'extractions',
  [API_PATHS.figureSvg]: 'extractions',
  [API_PATHS.extractImages]: 'extractions',
  [API_PATHS.extractWebsite]: 'heavy',
  [API_PATHS.extractWebsiteStream]: 'heavy',
  [JOB_PATHS.websiteJobs]: 'heavy',
  [API_PATHS.videoFrames]: 'heavy',
  [API_PATHS.contact]: 'contact',
};

/**
 * The class of a route, by its path as registered (`/api/website-jobs/:id`). The site's own
 * files have none: a page load fetches some fifty of them, each a file read from disk that costs
 * less than counting it would (with Redis, a round trip per asset). An API route missing from the
 * table counts as an extraction, so that a new costly route is never left unlimited.
 */
export function rateClassOfRoute(path: string): RateClass | typeof BY_RENDER | undefined {
  const known = ROUTES[path];
  if (known) return known;
  // A job's snapshot, its events and Cancel read or change what is in memory; its ZIP fetches images.
  const job = JOB_PATH.exec(path);
  if (job) return job[1] === '/zip' ? 'extractions' : 'reads';
  // The audit's re-encoded files are read from memory, many per report; its exports are made on asking.
  if (AUDIT_FILE_PATH.test(path)) return 'relay';
  if (path.startsWith('/api/') || path.startsWith('/v1/')) return 'extractions';
  return undefined;
}
