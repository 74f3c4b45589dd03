import { browserStorage } from '../safeStorage/index.ts';

/** Where the results grid keeps whether its "Download options" are open on this device. */
export const DOWNLOAD_OPTIONS_OPEN_KEY = 'image-extractor.downloadOptionsOpen';

/** Whether "Download options" were left open on this device; closed when never opened, or storage refuses. */
export function rememberedDownloadOptionsOpen(): boolean {
  try {
    // Only the one value this module writes counts: anything else reads as the default.
    return browserStorage()?.getItem(DOWNLOAD_OPTIONS_OPEN_KEY) === 'open';
  } catch {
    return false;
  }
}

/** Keeps "Download options" open or closed for the next visit; closed (the default) is kept as no entry at all. */
export function rememberDownloadOptionsOpen(open: boolean): void {
  try {
    if (open) browserStorage()?.setItem(DOWNLOAD_OPTIONS_OPEN_KEY, 'open');
    else browserStorage()?.removeItem(DOWNLOAD_OPTIONS_OPEN_KEY);
  } catch {
    // Full or refused: the disclosure works for this visit all the same.
  }
}
