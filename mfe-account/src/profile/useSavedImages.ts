import { accountStore, isLocalImage } from 'browser-services';
import { useEffect, useState } from 'react';
import type { DownloadItem, ExtractedImage, ImageSourceKind } from 'shared-contracts';
import { API_PATHS } from 'shared-contracts';
import { isImageSourceKind } from './sourceLabel.ts';

/** A saved image as the grid shows it, with where Open and Download go. */
export type SavedImage = {
  item: DownloadItem;
  image: ExtractedImage;
  links: { open: string; download: string };
  /** Its bytes were saved on this device but are gone (site data cleared). */
  missing: boolean;
};

const asKind = (source: string): ImageSourceKind => (isImageSourceKind(source) ? source : 'page');

/**
 * The saved images, with the bytes of device images read from IndexedDB as object URLs (revoked
 * when the list changes or the page closes). `undefined` while they load.
 */
export function useSavedImages(downloads: readonly DownloadItem[] | undefined): SavedImage[] | undefined {
  const [saved, setSaved] = useState<SavedImage[] | undefined>(undefined);
  useEffect(() => {
    if (!downloads) return undefined;
    let cancelled = false;
    const objectUrls: string[] = [];
    Promise.all(
      downloads.map(async (item): Promise<SavedImage> => {
        const base = { id: item.id, name: item.name, source: asKind(item.source) };
        if (!isLocalImage(item)) {
          const download = `${API_PATHS.image}?${new URLSearchParams({ url: item.url, download: item.name })}`;
          return { item, image: { ...base, url: item.url }, links: { open: item.url, download }, missing: false };
        }
        const blob = await accountStore.readSavedImage(item);
        if (!blob) return { item, image: { ...base, url: item.url }, links: { open: '', download: '' }, missing: true };
        const url = URL.createObjectURL(blob);
        objectUrls.push(url);
        return { item, image: { ...base, url }, links: { open: url, download: url }, missing: false };
      }),
    ).then((list) => {
      if (!cancelled) setSaved(list);
    });
    return () => {
      cancelled = true;
      for (const url of objectUrls) URL.revokeObjectURL(url);
    };
  }, [downloads]);
  return saved;
}
