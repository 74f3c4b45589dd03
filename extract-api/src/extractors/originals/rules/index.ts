/**
 * The rule set: one rule per CDN or CMS, by family. Each reads a resized copy's address backwards
 * into the addresses its original may have; its table test is beside the others in
 * test/extractors/originals/rules.test.ts.
 */
import { CMS_RULES } from './cms.ts';
import { COMMERCE_RULES } from './commerce.ts';
import { IMAGE_CDN_RULES } from './imageCdns.ts';
import { PLATFORM_RULES } from './platforms.ts';
import type { OriginalRule } from './rule.ts';

export type { OriginalRule } from './rule.ts';

/** Host-specific rules first: the generic query rules (Akamai, Fastly) only add to what they found. */
export const ORIGINAL_RULES: readonly OriginalRule[] = [
  ...CMS_RULES,
  ...COMMERCE_RULES,
  ...PLATFORM_RULES,
  ...IMAGE_CDN_RULES,
];
