import type { DownloadItem } from 'shared-contracts';
import type { SavedImageBytes } from './savedImageBytes.ts';
import { type AccountResult, type AccountStorage, isQuotaError, newId } from './storage.ts';

/**
 * The signed-in account's saved images ("My Downloads"): a web image is kept as its address; an
 * image made on the device as bytes in IndexedDB (`savedImageBytes.ts`) under a `local:` address.
 */

/** What Save needs from any extracted image: its address, file name and source kind. */
export type SaveableImage = { url: string; name: string; source: string };

export const LOCAL_IMAGE_URL_PREFIX = 'local:';

export const isPlainHttpUrl = (url: string) => /^https?:\/\//i.test(url);
export const isLocalImage = (item: Pick<DownloadItem, 'url'>) => item.url.startsWith(LOCAL_IMAGE_URL_PREFIX);

async function sha256Hex(parts: readonly BufferSource[]): Promise<string> {
  const total = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    const bytes = ArrayBuffer.isView(part)
      ? new Uint8Array(part.buffer, part.byteOffset, part.byteLength)
      : new Uint8Array(part);
    joined.set(bytes, offset);
    offset += bytes.byteLength;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function createSavedImages(accounts: AccountStorage, bytes: SavedImageBytes) {
  /** Device images saved in this page, by the address they were saved from (blob: addresses change per visit). */
  const savedLocalUrls = new Map<string, string>();

  /**
   * The saved item an extracted image already is, if any: same address and name for web images.
   * Saving and deleting first wait for the store to be `ready()`.
   */
  function savedItemFor(image: SaveableImage): DownloadItem | undefined {
    const downloads = accounts.currentAccount()?.downloads ?? [];
    if (isPlainHttpUrl(image.url)) {
      return downloads.find((item) => item.url === image.url && item.name === image.name);
    }
    const id = savedLocalUrls.get(image.url);
    return id ? downloads.find((item) => item.id === id) : undefined;
  }

  /**
   * Saves an image to the signed-in account. A web image is kept as its address; any other (blob:
   * or data: made on the device) is read now and its bytes kept in IndexedDB, its id derived from
   * the account and the bytes, so the same picture is never saved twice whatever address it had.
   */
  async function saveImage(
    image: SaveableImage,
  ): Promise<AccountResult<{ item: DownloadItem; alreadySaved: boolean }>> {
    await accounts.ready();
    const account = accounts.currentAccount();
    if (!account) return { ok: false, code: 'not-signed-in' };
    const known = savedItemFor(image);
    if (known) return { ok: true, item: known, alreadySaved: true };
    const date = new Date().toISOString();
    if (isPlainHttpUrl(image.url)) {
      const item: DownloadItem = { id: newId(), url: image.url, name: image.name, source: image.source, date };
      const written = accounts.updateSignedIn((user) => ({ ...user, downloads: [...user.downloads, item] }));
      return written.ok ? { ok: true, item, alreadySaved: false } : written;
    }
    let blob: Blob;
    try {
      const response = await fetch(image.url);
      if (!response.ok) return { ok: false, code: 'unreadable-image' };
      blob = await response.blob();
    } catch {
      return { ok: false, code: 'unreadable-image' };
    }
    const content = await blob.arrayBuffer();
    const id = `img-${(await sha256Hex([new TextEncoder().encode(`${account.id}\0`), content])).slice(0, 40)}`;
    const existing = account.downloads.find((item) => item.id === id);
    if (existing) {
      savedLocalUrls.set(image.url, id);
      return { ok: true, item: existing, alreadySaved: true };
    }
    const item: DownloadItem = {
      id,
      url: `${LOCAL_IMAGE_URL_PREFIX}${id}`,
      name: image.name,
      source: image.source,
      date,
    };
    try {
      await bytes.set(id, blob);
    } catch (error) {
      return isQuotaError(error) ? accounts.storageFull() : { ok: false, code: 'storage' };
    }
    const written = accounts.updateSignedIn((user) => ({ ...user, downloads: [...user.downloads, item] }));
    if (!written.ok) {
      await bytes.del(id).catch(() => undefined);
      return written;
    }
    savedLocalUrls.set(image.url, id);
    return { ok: true, item, alreadySaved: false };
  }

  /** Removes a saved image: its record, then its bytes if it has any. */
  async function deleteDownload(id: string): Promise<AccountResult> {
    await accounts.ready();
    const account = accounts.currentAccount();
    const item = account?.downloads.find((download) => download.id === id);
    if (!account || !item) return { ok: false, code: 'not-signed-in' };
    const written = accounts.updateSignedIn((user) => ({
      ...user,
      downloads: user.downloads.filter((download) => (download as { id?: unknown }).id !== id),
    }));
    if (!written.ok) return written;
    // Another account may not share it: ids include the account's id.
    if (isLocalImage(item)) await bytes.del(id).catch(() => undefined);
    return { ok: true };
  }

  /** The bytes of a saved device image, for an object URL; undefined for web images or when missing. */
  async function readSavedImage(item: DownloadItem): Promise<Blob | undefined> {
    if (!isLocalImage(item)) return undefined;
    try {
      return await bytes.get(item.id);
    } catch {
      return undefined;
    }
  }

  return { saveImage, savedItemFor, deleteDownload, readSavedImage };
}

export type SavedImages = ReturnType<typeof createSavedImages>;
