import { ORIGINAL_RULES, type OriginalRule } from './rules/index.ts';

/** One guessed address of an image's original, and the rule that guessed it. */
export type OriginalCandidate = { url: string; rule: string };

/** A page's odd addresses (over-long, data:, not http) are not worth guessing from. */
const MAX_URL_LENGTH = 4096;

function parse(url: string): URL | undefined {
  if (url.length > MAX_URL_LENGTH) return undefined;
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** A rule's guesses, or none when the rule fails on an address nobody wrote it for. */
function guesses(rule: OriginalRule, url: URL): string[] {
  try {
    if (!rule.matches(url)) return [];
    return rule.originals(url).filter((candidate) => parse(candidate) !== undefined);
  } catch {
    return [];
  }
}

/**
 * The addresses the original of the image at `url` may have, most likely first, from every rule
 * that reads it; never the address itself, never twice. Pure, and never throws: an address no rule
 * reads, or one that is not http(s), gives none.
 */
export function originalCandidates(url: string, rules: readonly OriginalRule[] = ORIGINAL_RULES): OriginalCandidate[] {
  const parsed = parse(url);
  if (!parsed) return [];
  const seen = new Set([parsed.href]);
  const found: OriginalCandidate[] = [];
  for (const rule of rules) {
    for (const candidate of guesses(rule, parsed)) {
      const href = new URL(candidate).href;
      if (seen.has(href)) continue;
      seen.add(href);
      found.push({ url: href, rule: rule.name });
    }
  }
  return found;
}
