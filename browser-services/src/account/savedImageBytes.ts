import { createStore, del, get, set, type UseStore } from 'idb-keyval';

/**
 * Where the bytes of saved images made on the device live (document images, video frames, data:
 * URLs): IndexedDB, keyed by the saved item's id. localStorage holds only the small records; a few
 * saved frames would fill its ~5 MB.
 */
export type SavedImageBytes = {
  get(id: string): Promise<Blob | undefined>;
  set(id: string, bytes: Blob): Promise<void>;
  del(id: string): Promise<void>;
};

export const SAVED_IMAGES_DATABASE = 'image-extractor';
export const SAVED_IMAGES_STORE = 'saved-images';

/** idb-keyval in a database of its own. Opened on first use: most visits never touch it. */
export function indexedDbImageBytes(): SavedImageBytes {
  let store: UseStore | undefined;
  const db = () => {
    store ??= createStore(SAVED_IMAGES_DATABASE, SAVED_IMAGES_STORE);
    return store;
  };
  return {
    get: (id) => get<Blob>(id, db()),
    set: (id, bytes) => set(id, bytes, db()),
    del: (id) => del(id, db()),
  };
}
