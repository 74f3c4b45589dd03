import { webpMetadata } from 'media-files';
import { bytesUrlOf } from '../extraction/bytesUrl.ts';

/**
 * What a card's Details says of an image: the facts people ask about a photo (which camera, when,
 * where), read from its EXIF, XMP, IPTC and ICC by exifr. Every field is optional: most web images
 * carry none of them.
 */
export type ImageMetadata = {
  camera?: string;
  /** As the file says it ("2024:05:06 07:08:09" in EXIF): no time zone is known, so none is added. */
  dateTaken?: string;
  orientation?: string;
  gps?: { latitude: number; longitude: number };
  iccProfile?: string;
  creator?: string;
  copyright?: string;
};

const text = (value: unknown): string | undefined => {
  if (typeof value === 'string') return value.replace(/\0+$/, '').trim() || undefined;
  if (typeof value === 'number') return String(value);
  // XMP's alternatives ({ lang, value }) and sequences: the default language's, or the first.
  if (Array.isArray(value)) {
    const values = value.map((item) => text(item)).filter((item) => item !== undefined);
    return values.length > 0 ? values.join('; ') : undefined;
  }
  if (value && typeof value === 'object' && 'value' in value) return text((value as { value: unknown }).value);
  return undefined;
};

const firstLanguage = (value: unknown) => {
  if (!Array.isArray(value)) return value;
  const entries = value as { lang?: unknown }[];
  return entries.find((entry) => entry?.lang === 'x-default') ?? entries[0];
};

const finite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

/** The facts out of exifr's merged output (`reviveValues: false`: dates as the file writes them). */
export function summarizeMetadata(raw: Record<string, unknown> | undefined): ImageMetadata {
  if (!raw) return {};
  const make = text(raw.Make);
  const model = text(raw.Model);
  // Many cameras repeat the make in the model ("Canon" / "Canon EOS 5D").
  const camera =
    make && model?.toLowerCase().startsWith(make.toLowerCase()) ? model : [make, model].filter(Boolean).join(' ');
  const summary: ImageMetadata = {
    camera: camera || undefined,
    dateTaken: text(raw.DateTimeOriginal ?? raw.CreateDate ?? raw.DateCreated),
    orientation: typeof raw.Orientation === 'string' ? raw.Orientation : undefined,
    gps:
      finite(raw.latitude) && finite(raw.longitude) ? { latitude: raw.latitude, longitude: raw.longitude } : undefined,
    iccProfile: text(raw.ProfileDescription),
    creator: text(raw.creator ?? raw.Byline ?? raw.Artist),
    copyright: text(firstLanguage(raw.rights) ?? raw.CopyrightNotice ?? raw.Copyright),
  };
  return Object.fromEntries(Object.entries(summary).filter(([, value]) => value !== undefined)) as ImageMetadata;
}

const EXIFR_OPTIONS = {
  tiff: true,
  xmp: true,
  iptc: true,
  icc: true,
  gps: true,
  jfif: false,
  ihdr: false,
  mergeOutput: true,
  reviveValues: false,
} as const;

/**
 * A WebP's EXIF, XMP and ICC profile, each read by exifr's parser for that block as a file of its
 * own (exifr 7 does not open WebP files), in one object as exifr merges a JPEG's. A block read
 * alone keeps XMP's namespaces ({ dc: { creator } }); merged, a JPEG's are flat ({ creator }).
 */
async function webpRaw(
  sidecar: typeof import('exifr').sidecar,
  blocks: NonNullable<ReturnType<typeof webpMetadata>>,
): Promise<Record<string, unknown> | undefined> {
  const read = async (bytes: Uint8Array | undefined, type: 'tiff' | 'xmp' | 'icc') =>
    bytes &&
    ((await sidecar(bytes, EXIFR_OPTIONS, type).catch(() => undefined)) as Record<string, unknown> | undefined);
  const [exif, xmp, icc] = await Promise.all([
    read(blocks.exif, 'tiff'),
    read(blocks.xmp, 'xmp'),
    read(blocks.icc, 'icc'),
  ]);
  const xmpFlat = xmp
    ? Object.assign(
        {},
        ...Object.entries(xmp)
          .filter(([namespace, properties]) => namespace !== 'xmlns' && properties && typeof properties === 'object')
          .map(([, properties]) => properties),
      )
    : undefined;
  const found = [exif, xmpFlat, icc].filter((part) => part !== undefined);
  return found.length > 0 ? Object.assign({}, ...found) : undefined;
}

/** The metadata of some bytes; none for a format exifr does not read (GIF, SVG...). */
export async function metadataOf(bytes: Uint8Array): Promise<ImageMetadata> {
  // Loaded when Details is first opened, never with the page: exifr.s full build is about 26 KB gzip.
  const { default: exifr, sidecar } = await import('exifr');
  const webp = webpMetadata(bytes);
  if (webp) return summarizeMetadata(await webpRaw(sidecar, webp));
  let raw: Record<string, unknown> | undefined;
  try {
    raw = await exifr.parse(bytes, EXIFR_OPTIONS);
  } catch (error) {
    // A format without metadata blocks, as exifr says it; anything else is a real failure.
    if (error instanceof Error && /Unknown file format/i.test(error.message)) return {};
    throw error;
  }
  return summarizeMetadata(raw);
}

/** The metadata of an image where the download path reads its bytes (web images through the proxy). */
export async function readMetadata(image: {
  url: string;
  originalFormat?: boolean | undefined;
}): Promise<ImageMetadata> {
  const response = await fetch(bytesUrlOf(image));
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  return metadataOf(new Uint8Array(await response.arrayBuffer()));
}
