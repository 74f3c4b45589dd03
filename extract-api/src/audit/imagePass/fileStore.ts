import { randomBytes } from 'node:crypto';
import { extensionFor } from 'media-files';
import type { StoredFile } from './types.ts';

export type FileStore = {
  /**
   * Keeps a file for its job and answers its id (random: the job's id is not enough to guess it).
   * The oldest files of every job go first once `maxBytes` would be passed; a file larger than
   * that alone is not kept (its id then finds nothing, as an expired one does).
   */
  put: (jobId: string, file: StoredFile, format: string) => string;
  get: (jobId: string, fileId: string) => StoredFile | undefined;
  dropJob: (jobId: string) => void;
  /** Bytes kept now. */
  readonly bytes: number;
};

type Entry = StoredFile & { jobId: string; expiresAt: number };

/**
 * The re-encoded copies, in memory, for the audit's download route: bounded by their total bytes
 * and by a time to live. A Map keeps insertion order, and every file lives as long: the oldest,
 * first in the map, is the first to expire and the first to make room.
 */
export function createFileStore(options: { maxBytes: number; ttlMs: number; now?: () => number }): FileStore {
  const now = options.now ?? Date.now;
  const files = new Map<string, Entry>();
  let total = 0;

  const remove = (id: string, entry: Entry) => {
    files.delete(id);
    total -= entry.bytes.length;
  };
  const sweep = () => {
    const time = now();
    for (const [id, entry] of files) {
      if (entry.expiresAt > time) break;
      remove(id, entry);
    }
  };

  return {
    put(jobId, file, format) {
      sweep();
      const id = `${randomBytes(12).toString('base64url')}.${extensionFor(format)}`;
      if (file.bytes.length > options.maxBytes) return id;
      for (const [oldId, entry] of files) {
        if (total + file.bytes.length <= options.maxBytes) break;
        remove(oldId, entry);
      }
      files.set(id, { ...file, jobId, expiresAt: now() + options.ttlMs });
      total += file.bytes.length;
      return id;
    },
    get(jobId, fileId) {
      sweep();
      const entry = files.get(fileId);
      if (!entry || entry.jobId !== jobId) return undefined;
      return { bytes: entry.bytes, mimeType: entry.mimeType, name: entry.name };
    },
    dropJob(jobId) {
      for (const [id, entry] of files) if (entry.jobId === jobId) remove(id, entry);
    },
    get bytes() {
      return total;
    },
  };
}
