/**
 * Which entries of an archive are pages: pictures by their extension, minus what archivers add
 * on their own (macOS resource forks under `__MACOSX/`, dot-files such as `.DS_Store`), in the
 * natural order of their paths (`page2` before `page10`, each folder's pages together).
 */
/** Extensions of the picture files comic and photo archives hold. */
const IMAGE_EXTENSIONS: ReadonlySet<string> = new Set([
  'png',
  'jpg',
  'jpeg',
  'jpe',
  'jfif',
  'gif',
  'bmp',
  'dib',
  'tif',
  'tiff',
  'webp',
  'avif',
  'heic',
  'heif',
  'jxl',
  'jp2',
  'jpx',
  'j2k',
  'jxr',
  'wdp',
  'ico',
  'svg',
  'emf',
  'wmf',
]);
/** Archives inside the archive: not opened (one level only), but told. */
const ARCHIVE_EXTENSIONS: ReadonlySet<string> = new Set(['zip', 'cbz', 'cbr', 'rar', '7z', 'cb7', 'tar', 'cbt']);

/** Added by the archiver, not by whoever chose the pictures. */
export function isArchiverLitter(path: string): boolean {
  return path.split('/').some((segment) => segment === '__MACOSX' || segment.startsWith('.'));
}

export function isImageArchiveEntry(path: string): boolean {
  return !path.endsWith('/') && !isArchiverLitter(path) && IMAGE_EXTENSIONS.has(extensionOf(path));
}

export function isNestedArchive(path: string): boolean {
  return !path.endsWith('/') && !isArchiverLitter(path) && ARCHIVE_EXTENSIONS.has(extensionOf(path));
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Natural order, folder by folder: `a/2.png` < `a/10.png` < `b/1.png`; ties broken by the exact name. */
export function naturalPathOrder(a: string, b: string): number {
  const left = a.split('/');
  const right = b.split('/');
  for (let i = 0; i < Math.min(left.length, right.length); i++) {
    // a folder's entries come before a sibling file that sorts after the folder's name, as file managers list them
    const order = collator.compare(left[i] as string, right[i] as string);
    if (order !== 0) return order;
  }
  return left.length - right.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** Lower-case extension of a path's last segment, '' when none. */
function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}
