// The image audit: element uses read from a page's HTML, and the report built from a scan's facts.
export {
  AUDIT_SEVERITY,
  type AuditInput,
  type AuditThresholds,
  buildAudit,
  type ImagePassResult,
} from './buildAudit.ts';
export * from './exports/index.ts';
export * from './imagePass/index.ts';
export {
  LAZY_SRC,
  LAZY_SRCSET,
  READ_IMAGE_USES_DEFAULTS,
  type ReadImageUsesOptions,
  readImageUses,
  widthFromSizes,
} from './readImageUses.ts';
export { isPlaceholderAlt } from './rules/alt.ts';
