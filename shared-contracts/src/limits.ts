/** Limits in force across the site; units are in the names. The UI states these and nothing else. */

export const MiB = 1024 * 1024;
export const GiB = 1024 * MiB;

export const PDF_MAX_BYTES = 100 * MiB;
export const DOCX_MAX_BYTES = 50 * MiB;
export const PPT_MAX_BYTES = 50 * MiB;
/**
 * Longest sheet name, cell, chapter title, Content-ID, file name or address a document's image
 * carries in an answer: a file may write any length there, the answer gives at most this many
 * characters of it.
 */
export const TEXT_FACT_MAX_CHARS = 2048;
/** Videos are decoded on the device, so the bound is what a browser tab handles well, not an upload limit. */
export const VIDEO_MAX_BYTES = 2 * GiB;

export const SCAN_DEPTH_MIN = 1;
export const SCAN_DEPTH_MAX = 10;
export const SCAN_DEPTH_DEFAULT = 2;
/**
 * A website scan stops after this many pages unless the operator sets another bound: a scan is a
 * job on the server, not a request held open, so a whole site fits.
 */
export const SCAN_MAX_PAGES_DEFAULT = 10_000;
/** The most pages an operator may let one scan read (EXTRACT_API_MAX_PAGES). */
export const SCAN_MAX_PAGES_LIMIT = 10_000;
/** Start addresses one batch scan takes, and include/exclude patterns of each kind. */
export const SCAN_BATCH_MAX_URLS = 100;
/** Addresses the URL tool takes at once, one a line (scanned as one job of start pages only). */
export const URL_LIST_MAX = 50;
export const SCAN_PATTERNS_MAX = 20;
/** Wildcards one include/exclude pattern holds (a run of `*` counts once): a pattern is a few path parts, not a puzzle. */
export const SCAN_PATTERN_MAX_WILDCARDS = 16;
/** Links longer than this are not matched against patterns: they match no include pattern and every exclude pattern. */
export const SCAN_PATTERN_URL_MAX_CHARS = 2_048;

export const FRAME_INTERVAL_MIN_SECONDS = 1;
export const FRAME_INTERVAL_MAX_SECONDS = 30;
export const FRAME_INTERVAL_DEFAULT_SECONDS = 5;
/** The longest video the screen takes, as its limits text says: 4 hours. */
export const VIDEO_MAX_DURATION_SECONDS = 4 * 60 * 60;
/** Frames one video gives at most: 4 hours at the smallest interval. */
export const VIDEO_MAX_FRAMES = Math.ceil(VIDEO_MAX_DURATION_SECONDS / FRAME_INTERVAL_MIN_SECONDS);

/** Contact form field bounds: generous for people, small enough that one request can't fill a disk. */
export const CONTACT_NAME_MAX_CHARS = 200;
export const CONTACT_EMAIL_MAX_CHARS = 320;
export const CONTACT_SUBJECT_MAX_CHARS = 300;
export const CONTACT_MESSAGE_MAX_CHARS = 10_000;
