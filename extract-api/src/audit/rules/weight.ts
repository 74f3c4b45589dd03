import { bytesText, type DraftFinding, IMAGE_FORMATS, type RuleContext, smallest } from './context.ts';

/** A re-encoded copy is worth offering when it saves at least this share and this many bytes. */
const REENCODE_MIN_SHARE = 0.1;
const REENCODE_MIN_BYTES = 4 * 1024;

export function weightRules(context: RuleContext): DraftFinding[] {
  const out: DraftFinding[] = [];
  const { heavyBytes } = context.thresholds;
  for (const imageUrl of context.imageUrls) {
    const facts = context.facts.get(imageUrl);
    const bytes = facts?.bytes;
    if (!facts || bytes === undefined) continue;
    const uses = context.usesByImage.get(imageUrl) ?? [];
    const pages = uses.length === 0 && facts.pageUrl ? [facts.pageUrl] : undefined;
    const copies = facts.encoded.filter((c) => IMAGE_FORMATS.has(c.format));
    const best = smallest(copies);
    const saved = best ? bytes - best.bytes : 0;
    const worth = best !== undefined && saved >= REENCODE_MIN_BYTES && saved >= REENCODE_MIN_SHARE * bytes;

    if (bytes > heavyBytes) {
      out.push({
        rule: 'weight-heavy',
        imageUrl,
        uses,
        ...(pages ? { pages } : {}),
        detail: `This ${facts.format ?? 'image'} file weighs ${bytesText(bytes)}, over the ${bytesText(heavyBytes)} budget.`,
        ...(worth ? { bytesSaved: saved } : {}),
      });
    }
    if (worth && best) {
      out.push({
        rule: 'weight-reencode',
        imageUrl,
        uses,
        ...(pages ? { pages } : {}),
        detail: `As ${best.format} at ${best.width} x ${best.height}${best.ssim !== undefined ? ` (SSIM ${best.ssim.toFixed(3)})` : ''} it weighs ${bytesText(best.bytes)} instead of ${bytesText(bytes)}: ${Math.round((saved / bytes) * 100)}% less.`,
        bytesSaved: saved,
        encoded: copies,
      });
    }
  }
  return out;
}
