import { logError } from 'browser-services/log';
import { toasts } from 'browser-services/toast';
import { useCallback, useMemo, useState, useSyncExternalStore } from 'react';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';
import { type Duplicates, findDuplicates } from './perceptualHash.ts';

/** Where else an image is, in words: its name, and its page, slide or web page. */
export function placeOf(image: ExtractedImage): string {
  const where = image.pageNumbers?.length
    ? `page ${image.pageNumbers.join(', ')}`
    : image.slideNumbers?.length
      ? `slide ${image.slideNumbers.join(', ')}`
      : (image.pageUrl ?? image.origin);
  return where ? `${image.name} (${where})` : image.name;
}

export type DuplicatesState =
  | { kind: 'idle' }
  | { kind: 'running'; total: number }
  | { kind: 'found'; duplicates: Duplicates };

/** The count shown while hashing is published at most this often. */
const PROGRESS_EVERY_MS = 100;

/**
 * How many images are hashed so far, outside React state: only the bar that shows it subscribes
 * (useHashedCount), so the grid and its cards render at the start and the end of a run, not once
 * per image (5,000 renders of the grid took the page's thread from the Worker's messages).
 */
export class HashedCount {
  private done = 0;
  private shown = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly listeners = new Set<() => void>();
  readonly subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  readonly get = () => this.shown;
  /** Counts one more image; listeners hear of it within PROGRESS_EVERY_MS. */
  add() {
    this.done += 1;
    this.timer ??= setTimeout(() => this.publish(), PROGRESS_EVERY_MS);
  }
  reset() {
    this.done = 0;
    this.publish();
  }
  private publish() {
    if (this.timer !== undefined) clearTimeout(this.timer);
    this.timer = undefined;
    if (this.shown === this.done) return;
    this.shown = this.done;
    for (const listener of this.listeners) listener();
  }
}

/** The images hashed so far, for the bar that shows it. */
export const useHashedCount = (count: HashedCount) => useSyncExternalStore(count.subscribe, count.get, count.get);

/**
 * Find duplicates for one result set: hashes in a Worker (loaded with the first click), then
 * folds exact copies into one card and groups the same picture at other sizes under the largest.
 * A new result set starts over.
 */
export function useDuplicates(images: readonly ExtractedImage[]) {
  const [state, setState] = useState<DuplicatesState>({ kind: 'idle' });
  const [forImages, setForImages] = useState(images);
  const [keepLargest, setKeepLargest] = useState(false);
  const [hashed] = useState(() => new HashedCount());
  if (forImages !== images) {
    setForImages(images);
    setState({ kind: 'idle' });
    setKeepLargest(false);
  }

  const find = useCallback(async () => {
    hashed.reset();
    setState({ kind: 'running', total: images.length });
    try {
      const { fingerprintImages } = await import('./fingerprint.ts');
      const fingerprints = await fingerprintImages(images, () => hashed.add());
      setState({ kind: 'found', duplicates: findDuplicates(fingerprints) });
    } catch (error) {
      logError('shared-ui', error, 'finding duplicates failed');
      setState({ kind: 'idle' });
      toasts.error(MESSAGES.grid.duplicatesFailed);
    }
  }, [images, hashed]);

  const duplicates = state.kind === 'found' ? state.duplicates : undefined;
  const byId = useMemo(() => new Map(images.map((image) => [image.id, image])), [images]);

  /** The images with exact copies folded away, and the smaller copies too when asked. */
  const visible = useMemo(() => {
    if (!duplicates) return images;
    return images.filter(
      (image) => !duplicates.folded.has(image.id) && !(keepLargest && duplicates.largerCopyOf.has(image.id)),
    );
  }, [images, duplicates, keepLargest]);

  /** What a card says of its copies. */
  const notesFor = useCallback(
    (image: ExtractedImage): string[] => {
      if (!duplicates) return [];
      const notes: string[] = [];
      const others = duplicates.alsoAt.get(image.id);
      if (others?.length) {
        notes.push(
          MESSAGES.grid.alsoAt(
            others
              .map((id) => byId.get(id))
              .filter((i) => i !== undefined)
              .map(placeOf),
          ),
        );
      }
      const smaller = duplicates.smallerCopies.get(image.id);
      if (smaller?.length) notes.push(MESSAGES.grid.largestOf(smaller.length + 1));
      const larger = duplicates.largerCopyOf.get(image.id);
      const largerImage = larger === undefined ? undefined : byId.get(larger);
      if (largerImage) notes.push(MESSAGES.grid.smallerCopyOf(largerImage.name));
      return notes;
    },
    [duplicates, byId],
  );

  return { state, hashed, find, visible, notesFor, keepLargest, setKeepLargest };
}
