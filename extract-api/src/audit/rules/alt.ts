import { hammingDistance, hashWords } from 'media-files';
import type { ImageUse } from 'shared-contracts';
import { ALT_MAX_CHARS } from '../readImageUses.ts';
import { type DraftFinding, factsOf, type RuleContext, shortText } from './context.ts';

/** An empty alt on an image shown at least this large (both sides, CSS px) is taken as meaningful. */
const MEANINGFUL_SIDE_PX = 100;
/** Two pictures whose dHashes differ in more bits than this are different pictures (same alt then misleads). */
const DIFFERENT_PICTURE_BITS = 10;
/** Other images listed in an alt-duplicate finding. */
const SAME_AS_MAX = 20;

const PLACEHOLDER = /^(img|image|photo|picture|pic|graphic|dsc|screenshot)[\s_-]*\d*(\.\w+)?$/i;
const PLACEHOLDER_WORDS = new Set(['untitled', 'placeholder', 'alt', 'alt text', 'image description', 'todo']);
const FILE_NAME = /^[^\s/\\]+\.(jpe?g|png|gif|webp|avif|svg|bmp|tiff?|heic|heif|jxl|ico)$/i;

const altOf = (use: ImageUse) => (typeof use.alt === 'string' ? use.alt : undefined);
const checked = (use: ImageUse) => use.tag !== 'css' && use.decorative !== true;

/** The last path segment of an image URL, decoded and lower-cased; '' for data: URLs. */
function fileNameOf(url: string): string {
  if (url.startsWith('data:')) return '';
  try {
    const last = new URL(url).pathname.split('/').pop() ?? '';
    return decodeURIComponent(last).toLowerCase();
  } catch {
    return '';
  }
}

/**
 * Whether an alt says nothing about the picture: a placeholder word, a camera's or a tool's name
 * for the file, any file name, or the image's own file name. The image's name without its
 * extension counts only when it looks machine-made (a digit, `_`, no spaces): an author who named
 * the file `golden-gate.jpg` and wrote "golden-gate" is not flagged, "IMG_1234" is.
 */
export function isPlaceholderAlt(alt: string, imageUrl: string): boolean {
  const text = alt.trim().toLowerCase();
  if (!text) return false;
  if (PLACEHOLDER.test(text) || PLACEHOLDER_WORDS.has(text) || FILE_NAME.test(text)) return true;
  const file = fileNameOf(imageUrl);
  if (!file) return false;
  if (text === file) return true;
  const stem = file.replace(/\.[a-z0-9]+$/, '');
  return text === stem && /[\d_]/.test(stem) && !/\s/.test(stem);
}

/** The largest side pair an element is shown at, or the file's own size when no markup says it. */
function shownAtLeast(use: ImageUse, context: RuleContext, px: number): boolean {
  const facts = factsOf(context, use.imageUrl);
  const width = use.displayWidth ?? facts?.width;
  const height = use.displayHeight ?? (use.displayWidth === undefined ? facts?.height : undefined);
  return width !== undefined && height !== undefined && width >= px && height >= px;
}

function perImage(
  context: RuleContext,
  rule: DraftFinding['rule'],
  test: (use: ImageUse) => boolean,
  detail: (use: ImageUse) => string,
): DraftFinding[] {
  const out: DraftFinding[] = [];
  for (const [imageUrl, all] of context.usesByImage) {
    const uses = all.filter(test);
    const first = uses[0];
    if (first) out.push({ rule, imageUrl, uses, detail: detail(first) });
  }
  return out;
}

export function altRules(context: RuleContext): DraftFinding[] {
  const { altMaxChars } = context.thresholds;
  const missing = perImage(
    context,
    'alt-missing',
    (use) => checked(use) && use.alt === null,
    (use) => `This ${use.tag === 'img' ? '<img>' : use.tag} has no alt attribute.`,
  );
  const empty = perImage(
    context,
    'alt-empty',
    (use) =>
      checked(use) &&
      altOf(use)?.trim() === '' &&
      use.labelledByParent !== true &&
      (use.inLink === true || shownAtLeast(use, context, MEANINGFUL_SIDE_PX)),
    (use) =>
      use.inLink
        ? 'alt="" on the only content of a link or button, which is left without a name.'
        : `alt="" on an image shown at ${use.displayWidth ?? factsOf(context, use.imageUrl)?.width} x ${use.displayHeight ?? factsOf(context, use.imageUrl)?.height} px, large enough to carry meaning.`,
  );
  const tooLong = perImage(
    context,
    'alt-too-long',
    (use) => checked(use) && (altOf(use)?.trim().length ?? 0) > altMaxChars,
    (use) => {
      const length = altOf(use)?.trim().length ?? 0;
      return `The alt text is ${length >= ALT_MAX_CHARS ? 'at least ' : ''}${length} characters long (more than ${altMaxChars}).`;
    },
  );
  const placeholder = perImage(
    context,
    'alt-placeholder',
    (use) => checked(use) && isPlaceholderAlt(altOf(use) ?? '', use.imageUrl),
    (use) => `The alt text "${shortText(altOf(use) ?? '')}" is a file name or a placeholder.`,
  );
  return [...missing, ...empty, ...tooLong, ...placeholder, ...duplicateAlts(context)];
}

/** Whether two image URLs show different pictures: by hash when both have one, else by address. */
function differentPictures(context: RuleContext, a: string, b: string): boolean {
  if (a === b) return false;
  const fa = factsOf(context, a);
  const fb = factsOf(context, b);
  if (fa?.sha256 && fa.sha256 === fb?.sha256) return false;
  if (fa?.dhash && fb?.dhash) return hammingDistance(hashWords(fa.dhash), hashWords(fb.dhash)) > DIFFERENT_PICTURE_BITS;
  return true;
}

/** The same alt (case and spaces aside) on two or more different pictures: one finding per alt text. */
function duplicateAlts(context: RuleContext): DraftFinding[] {
  const byAlt = new Map<string, ImageUse[]>();
  for (const uses of context.usesByImage.values()) {
    for (const use of uses) {
      const alt = altOf(use);
      if (!checked(use) || !alt?.trim() || isPlaceholderAlt(alt, use.imageUrl)) continue;
      const key = alt.trim().replace(/\s+/g, ' ').toLowerCase();
      const list = byAlt.get(key);
      if (list) list.push(use);
      else byAlt.set(key, [use]);
    }
  }
  const out: DraftFinding[] = [];
  for (const [key, uses] of byAlt) {
    // One URL for each picture, the first met standing for it.
    const pictures: string[] = [];
    for (const use of uses) {
      if (pictures.includes(use.imageUrl)) continue;
      if (pictures.every((p) => differentPictures(context, p, use.imageUrl))) pictures.push(use.imageUrl);
      if (pictures.length > SAME_AS_MAX) break;
    }
    if (pictures.length < 2) continue;
    const [imageUrl, ...sameAs] = pictures as [string, ...string[]];
    const kept = new Set(pictures);
    const first = uses[0] as ImageUse;
    out.push({
      rule: 'alt-duplicate',
      imageUrl,
      uses: uses.filter((use) => kept.has(use.imageUrl)),
      detail: `The alt text "${shortText(altOf(first) ?? '')}" is used on ${pictures.length > SAME_AS_MAX ? `more than ${SAME_AS_MAX}` : pictures.length} different pictures.`,
      sameAs: sameAs.slice(0, SAME_AS_MAX),
      key,
    });
  }
  return out;
}
