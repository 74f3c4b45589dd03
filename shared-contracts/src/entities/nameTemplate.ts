/**
 * The file-name template's bounds, zod-free: the device preference (browser-services/files) reads
 * them on every page that remembers a template, where the schemas' zod must not load.
 */

/** The file-name template that keeps today's names. */
export const DEFAULT_NAME_TEMPLATE = '{name}';
/** The longest template kept. */
export const NAME_TEMPLATE_MAX_CHARS = 300;
