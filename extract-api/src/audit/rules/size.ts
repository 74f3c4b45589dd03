import type { DisplaySizeSource, ImageUse } from 'shared-contracts';
import { type DraftFinding, factsOf, IMAGE_FORMATS, type RuleContext, smallest } from './context.ts';

const SOURCE_TEXT: Record<DisplaySizeSource, string> = {
  layout: 'measured in the page',
  attributes: 'from width and height attributes',
  sizes: 'from the sizes attribute',
  css: 'from inline CSS',
};

/** Vector images have no intrinsic pixels to waste. */
const isVector = (format: string | undefined) => format === 'SVG';

/** Elements whose missing width/height shifts the layout when the image arrives. */
const SIZED_TAGS = new Set(['img', 'input']);

export function sizeRules(context: RuleContext): DraftFinding[] {
  const out: DraftFinding[] = [];
  const { oversizeFactor, srcsetMinWidth } = context.thresholds;
  for (const [imageUrl, uses] of context.usesByImage) {
    const facts = factsOf(context, imageUrl);
    const vector = isVector(facts?.format);

    const unsized = uses.filter(
      (use) =>
        SIZED_TAGS.has(use.tag) &&
        !(use.widthAttr !== undefined && use.heightAttr !== undefined) &&
        use.sizedByCss !== true,
    );
    if (unsized[0]) {
      const use = unsized[0];
      const which =
        use.widthAttr === undefined && use.heightAttr === undefined
          ? 'width and height attributes'
          : use.widthAttr === undefined
            ? 'a width attribute'
            : 'a height attribute';
      out.push({
        rule: 'size-unsized',
        imageUrl,
        uses: unsized,
        detail: `This image has no ${which} and no CSS size, so the page jumps when it loads.`,
      });
    }

    const width = facts?.width;
    const height = facts?.height;
    if (width === undefined || vector) continue;

    // A srcset lets the browser pick a smaller candidate, which this reader cannot know: such
    // elements are judged by size-no-srcset's absence, not here.
    const oversized = uses.filter(
      (use) =>
        use.tag !== 'css' &&
        use.srcset !== true &&
        use.displayWidth !== undefined &&
        width > oversizeFactor * use.displayWidth,
    );
    if (oversized[0]) {
      const widest = oversized.reduce((a, b) => ((b.displayWidth ?? 0) > (a.displayWidth ?? 0) ? b : a));
      const shown = widest.displayWidth as number;
      const shownHeight = widest.displayHeight ?? (height ? Math.round((height * shown) / width) : undefined);
      const copies = (facts?.encoded ?? []).filter((c) => IMAGE_FORMATS.has(c.format) && c.width < width);
      const best = smallest(copies);
      const saved =
        best && facts?.bytes !== undefined && facts.bytes > best.bytes ? facts.bytes - best.bytes : undefined;
      out.push({
        rule: 'size-oversized',
        imageUrl,
        uses: oversized,
        detail: `${width} x ${height ?? '?'} image displayed at ${shown} x ${shownHeight ?? '?'} (${SOURCE_TEXT[widest.displayFrom ?? 'attributes']}): ${(width / shown).toFixed(1)}x larger than needed.`,
        ...(saved !== undefined ? { bytesSaved: saved, encoded: copies } : {}),
      });
    }

    // An animation has one size: its fix is a video (loading-animated-gif), not a srcset.
    if (width < srcsetMinWidth || facts?.animated) continue;
    const noSrcset = uses.filter(
      (use: ImageUse) => use.tag === 'img' && use.srcset !== true && (use.displayWidth ?? width) >= srcsetMinWidth,
    );
    if (noSrcset[0]) {
      const shown = noSrcset[0].displayWidth;
      out.push({
        rule: 'size-no-srcset',
        imageUrl,
        uses: noSrcset,
        detail: `A ${width} px wide image${shown ? ` displayed ${shown} px wide` : ''} has no srcset: every screen downloads it whole.`,
      });
    }
  }
  return out;
}
