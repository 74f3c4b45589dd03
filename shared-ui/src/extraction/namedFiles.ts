import { type NameFacts, namesFromTemplate, sourceFolderNames } from 'media-files';
import {
  DEFAULT_NAME_TEMPLATE,
  type DownloadChoices,
  type ExtractedImage,
  type ManifestFacts,
  MESSAGES,
} from 'shared-contracts';
import { asConverted, type Conversion, conversionFor } from '../convert/conversion.ts';

/**
 * The image as the chosen rendition: with `original`, an image that has a stored file distinct from
 * its view stands for that file (its bytes, name, format and size); the others are as they are.
 */
export function asRendition(image: ExtractedImage, rendition: DownloadChoices['rendition'] = 'view'): ExtractedImage {
  if (rendition !== 'original' || !image.original) return image;
  const { original } = image;
  const { original: _view, viewChanges: _changes, ...rest } = image;
  return {
    ...rest,
    url: original.url,
    name: original.name,
    format: original.format,
    mimeType: original.mimeType,
    size: original.size,
    width: original.width,
    height: original.height,
  };
}

/** Whether a choice between the view and the original files means anything for these images. */
export const hasOriginals = (images: readonly ExtractedImage[]) => images.some((image) => image.original);

/** What the file-name template can say of an image at `index` (1-based) of the set being named. */
export function nameFactsOf(image: ExtractedImage, index: number): NameFacts {
  return {
    name: image.name,
    format: image.format,
    source: image.origin ?? image.pageUrl,
    page: image.pageNumbers?.[0],
    slide: image.slideNumbers?.[0],
    time: image.timestamp,
    alt: image.alt,
    width: image.width,
    height: image.height,
    figure: image.figure,
    index,
  };
}

/** A file of a download: the image as written, and how it is converted on the way (if it is). */
export type DownloadFile = ExtractedImage & { conversion?: Conversion };

/** How a set is named: the visitor's choices, and whether its files go in a folder per source. */
export type NamingOptions = Partial<DownloadChoices> & {
  /**
   * A ZIP (and its manifest): when the set holds images of several inputs (`origin`), each name
   * is put in its source's folder (`report/image-1.png`; `sourceFolderNames`), so the server's
   * ZIP, the browser's and the manifest agree. Off for a single file's download (a name, no path).
   */
  folders?: boolean;
};

/**
 * The files a download of `images` gives, in order: each as the chosen rendition, converted as
 * chosen (its format, extension and size then the converted file's), named by the
 * template ({index} counts within this set), names unique within it, and in a folder per source
 * when asked (`folders`) and there are several. Single downloads and ZIP entries are named by this
 * one function, so a card's file has the name it has in the ZIP (its folder aside).
 */
export function namedFiles(images: readonly ExtractedImage[], choices: NamingOptions = {}): DownloadFile[] {
  const files = images.map((image) => {
    const file = asRendition(image, choices.rendition);
    const conversion = conversionFor(file, choices);
    return conversion ? { ...asConverted(file, conversion), conversion } : file;
  });
  const template = choices.nameTemplate ?? DEFAULT_NAME_TEMPLATE;
  const names = namesFromTemplate(
    template,
    files.map((file, i) => nameFactsOf(file, i + 1)),
  );
  const folders = choices.folders ? foldersOf(files) : undefined;
  return files.map((file, i) => {
    const folder = file.origin ? folders?.get(file.origin) : undefined;
    const name = folder ? `${folder}/${names[i]}` : (names[i] as string);
    return name === file.name ? file : { ...file, name };
  });
}

/** A folder per source, when the set holds images of more than one; none otherwise. */
function foldersOf(images: readonly ExtractedImage[]): Map<string, string> | undefined {
  const origins = [...new Set(images.flatMap((image) => (image.origin ? [image.origin] : [])))];
  return origins.length > 1 ? sourceFolderNames(origins) : undefined;
}

const isWeb = (url: string) => /^https?:/i.test(url);
const clip = (text: string | undefined, max: number) => text?.slice(0, max);

/**
 * An image's line in a manifest, before its bytes are read: where it is from (its address, or the
 * file it was taken from), where it was found, and what the grid knows of it.
 */
export function manifestFactsOf(image: ExtractedImage): ManifestFacts {
  const origin = image.origin;
  // Cut to the contract's bounds (a page's alt text can be anything), so a ZIP is never refused for it.
  return {
    source: clip(isWeb(image.url) ? image.url : origin, 8_192),
    page: image.pageNumbers?.[0],
    slide: image.slideNumbers?.[0],
    time: clip(image.timestamp, 32),
    foundOn: clip(image.pageUrl ?? (origin && isWeb(origin) ? origin : undefined), 8_192),
    alt: clip(image.alt, 2_000),
    width: image.width,
    height: image.height,
    format: clip(image.format, 16),
    shownUrl: clip(image.shownOnPage?.url, 8_192),
    shownWidth: image.shownOnPage?.width,
    shownHeight: image.shownOnPage?.height,
    figure: image.figure && MESSAGES.figures.label(image.figure.kind, image.figure.number),
    caption: clip(image.figure?.caption, 4_000),
  };
}
