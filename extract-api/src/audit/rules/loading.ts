import type { ImageUse } from 'shared-contracts';
import { bytesText, type DraftFinding, type RuleContext, shortText, smallest, VIDEO_FORMATS } from './context.ts';

/** An off-screen image lighter than this costs too little to be worth deferring. */
const EAGER_MIN_BYTES = 4 * 1024;
/** Redirect hops named in a finding's sentence. */
const REDIRECTS_SHOWN = 3;

const whereFrom = (use: ImageUse) => (use.aboveFoldFrom === 'layout' ? 'measured' : 'guessed from the markup');

export function loadingRules(context: RuleContext): DraftFinding[] {
  const out: DraftFinding[] = [];
  const { gifVideoBytes } = context.thresholds;
  for (const imageUrl of context.imageUrls) {
    const facts = context.facts.get(imageUrl);
    const uses = context.usesByImage.get(imageUrl) ?? [];
    const pages = uses.length === 0 && facts?.pageUrl ? [facts.pageUrl] : undefined;
    const bytes = facts?.bytes;

    const eager = uses.filter(
      (use) =>
        use.tag !== 'css' &&
        use.aboveFold === false &&
        use.lcp !== true &&
        use.loading !== 'lazy' &&
        (bytes === undefined || bytes >= EAGER_MIN_BYTES),
    );
    if (eager[0]) {
      out.push({
        rule: 'loading-eager-offscreen',
        imageUrl,
        uses: eager,
        detail: `Below the first screen (${whereFrom(eager[0])}) but loaded at once${bytes !== undefined ? `: ${bytesText(bytes)}` : ''}, without loading="lazy".`,
      });
    }

    // Measured, the largest paint alone: a lazy image elsewhere in the first screen is loaded at
    // once by the browser's own distance rule, and costs little. Guessed from markup, the first
    // content image stands for it.
    const lazyFirst = uses.filter(
      (use) =>
        use.tag !== 'css' &&
        use.loading === 'lazy' &&
        (use.lcp === true || (use.aboveFold === true && use.aboveFoldFrom !== 'layout')),
    );
    if (lazyFirst[0]) {
      const use = lazyFirst[0];
      out.push({
        rule: 'loading-lazy-lcp',
        imageUrl,
        uses: lazyFirst,
        detail: `${use.lcp ? 'The largest image of the first screen' : `In the first screen (${whereFrom(use)})`} but loading="lazy" delays it.`,
      });
    }

    if (facts?.format === 'GIF' && facts.animated === true && bytes !== undefined && bytes > gifVideoBytes) {
      const videos = facts.encoded.filter((c) => VIDEO_FORMATS.has(c.format));
      const best = smallest(videos);
      const saved = best && bytes > best.bytes ? bytes - best.bytes : undefined;
      out.push({
        rule: 'loading-animated-gif',
        imageUrl,
        uses,
        ...(pages ? { pages } : {}),
        detail: `An animated GIF of ${bytesText(bytes)}${facts.frames ? ` (${facts.frames} frames)` : ''}${best ? `; as ${best.format} it is ${bytesText(best.bytes)}` : ''}.`,
        ...(saved !== undefined ? { bytesSaved: saved } : {}),
        ...(videos.length > 0 ? { encoded: videos } : {}),
      });
    }

    const fetch = facts?.fetch;
    if (!fetch) continue;
    const broken =
      fetch.status !== undefined && fetch.status >= 400
        ? `The server answered ${fetch.status}.`
        : fetch.notAnImage
          ? `The answer is not an image${fetch.contentType ? ` (sent as ${shortText(fetch.contentType, 60)})` : ''}.`
          : fetch.error
            ? `It could not be fetched: ${shortText(fetch.error, 120)}`
            : undefined;
    if (broken) out.push({ rule: 'loading-broken', imageUrl, uses, ...(pages ? { pages } : {}), detail: broken });

    const hops = fetch.redirects ?? [];
    if (hops.length >= 1) {
      const shown = hops.slice(0, REDIRECTS_SHOWN).map((url) => shortText(url, 100));
      out.push({
        rule: 'loading-redirect',
        imageUrl,
        uses,
        ...(pages ? { pages } : {}),
        detail: `Redirected ${hops.length} ${hops.length === 1 ? 'time' : 'times'}: to ${shown.join(', then ')}${hops.length > REDIRECTS_SHOWN ? ', …' : ''}.`,
      });
    }

    if (fetch.robotsBlocked) {
      out.push({
        rule: 'loading-robots',
        imageUrl,
        uses,
        ...(pages ? { pages } : {}),
        detail: "The site's robots.txt disallows this image for image crawlers.",
      });
    }
  }
  return out;
}
