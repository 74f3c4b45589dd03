import { accountStore } from 'browser-services';
import { toasts } from 'browser-services/toast';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';

const m = MESSAGES.account;

/** How saving one image to My Downloads went. */
export type SaveOutcome = 'saved' | 'already-saved' | 'unreadable' | 'storage' | 'storage-full' | 'not-signed-in';

/**
 * Saves one image to the signed-in account's My Downloads: what a card's Save and the grid's
 * Save selected both do. The store never saves an image twice (same address and name, or the
 * same bytes for an image made on the device).
 */
export async function saveToAccount(image: ExtractedImage): Promise<SaveOutcome> {
  const result = await accountStore.saveImage(image);
  if (result.ok) return result.alreadySaved ? 'already-saved' : 'saved';
  if (result.code === 'unreadable-image') return 'unreadable';
  if (result.code === 'storage-full' || result.code === 'not-signed-in') return result.code;
  return 'storage';
}

/** A card's Save: one image, and its toast. */
export async function saveOneToAccount(image: ExtractedImage): Promise<SaveOutcome> {
  const outcome = await saveToAccount(image);
  if (outcome === 'saved' || outcome === 'already-saved') {
    const { title, description } = outcome === 'already-saved' ? m.alreadySaved : m.imageSaved;
    toasts.success(title, description);
  } else if (outcome === 'unreadable') {
    toasts.error(m.saveFailed.title, m.saveFailed.unreadable);
  } else if (outcome === 'storage') {
    toasts.error(m.saveFailed.title, m.saveFailed.storage);
  }
  // storage-full: the store has shown its toast; not-signed-in: the button is gone already.
  return outcome;
}

export type SavedCounts = { saved: number; alreadySaved: number; failed: number };

/**
 * Save selected: each image saved as a card's Save saves it, one after the other, then one toast
 * with how many were saved and how many were saved already. Stops when storage is full: every
 * next one would fail the same way (the store has said so).
 */
export async function saveAllToAccount(images: readonly ExtractedImage[]): Promise<SavedCounts> {
  const counts: SavedCounts = { saved: 0, alreadySaved: 0, failed: 0 };
  for (const [i, image] of images.entries()) {
    const outcome = await saveToAccount(image);
    if (outcome === 'saved') counts.saved += 1;
    else if (outcome === 'already-saved') counts.alreadySaved += 1;
    else counts.failed += 1;
    if (outcome === 'storage-full' || outcome === 'not-signed-in') {
      counts.failed += images.length - i - 1;
      break;
    }
  }
  if (counts.saved > 0 || counts.alreadySaved > 0) {
    const { title, description } = MESSAGES.grid.savedSelected(counts.saved, counts.alreadySaved);
    toasts.success(title, description);
  }
  if (counts.failed > 0) {
    const { title, description } = MESSAGES.grid.saveSelectedFailed(counts.failed);
    toasts.error(title, description);
  }
  return counts;
}
