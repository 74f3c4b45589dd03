import { toasts } from 'browser-services/toast';
import { useCallback, useMemo, useState } from 'react';
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
  | { kind: 'running'; done: number; total: number }
  | { kind: 'found'; duplicates: Duplicates };

/**
 * Find duplicates for one result set: hashes in a Worker (loaded with the first click), then
 * folds exact copies into one card and groups the same picture at other sizes under the largest.
 * A new result set starts over.
 */
export function useDuplicates(images: readonly ExtractedImage[]) {
  const [state, setState] = useState<DuplicatesState>({ kind: 'idle' });
  const [forImages, setForImages] = useState(images);
  const [keepLargest, setKeepLargest] = useState(false);
  if (forImages !== images) {
    setForImages(images);
    setState({ kind: 'idle' });
    setKeepLargest(false);
  }

  const find = useCallback(async () => {
    setState({ kind: 'running', done: 0, total: images.length });
    try {
      const { fingerprintImages } = await import('./fingerprint.ts');
      let done = 0;
      const fingerprints = await fingerprintImages(images, () => {
        done += 1;
        setState({ kind: 'running', done, total: images.length });
      });
      setState({ kind: 'found', duplicates: findDuplicates(fingerprints) });
    } catch (error) {
      console.error(error);
      setState({ kind: 'idle' });
      toasts.error(MESSAGES.grid.duplicatesFailed);
    }
  }, [images]);

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

  return { state, find, visible, notesFor, keepLargest, setKeepLargest };
}
