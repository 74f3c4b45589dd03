export { extractImageArchive } from './extractImageArchive.ts';
export { isArchiverLitter, isImageArchiveEntry, naturalPathOrder } from './imageEntries.ts';
