import { useCallback } from 'react';
import type { DownloadChoices, ExtractedImage } from 'shared-contracts';
import { type RemoteInBrowserZip, useDownloadAll } from '../extraction/downloadAll.ts';
import { type ExtractionDone, type UseExtractionOptions, useExtraction } from '../extraction/useExtraction.ts';
import { preloadExtractionViews } from '../lazyViews/lazyViews.tsx';

export type ExtractionScreenOptions<Input> = UseExtractionOptions<Input> & {
  /** The archive's file name for Download All. */
  zipName: string;
  /** Images whose bytes must not be fetched (a document's linked images), and why: the ZIP and Save to folder say it. */
  remoteNote?: RemoteInBrowserZip;
};

/** What `ExtractionResults` draws: the screen's images and its one Download All. */
export type ScreenResults = {
  images: readonly ExtractedImage[];
  downloadAll: (images: readonly ExtractedImage[], choices?: Partial<DownloadChoices>) => Promise<void>;
  downloadAllBusy: boolean;
  remoteNote?: RemoteInBrowserZip | undefined;
  /** The run's last event: its notices are said over the grid. */
  done?: ExtractionDone | undefined;
};

/**
 * The working part every extraction screen shares: one `useExtraction` run, its Download All, and
 * the grid's code loading as the run starts. A screen adds its form, what it runs, and its own
 * sections; it draws the results with `<ExtractionResults screen={…} />` and stops a run with
 * `cancel()` (an extractor with work elsewhere hears it through its signal: `cancelledByVisitor`).
 */
export function useExtractionScreen<Input>({ zipName, remoteNote, ...options }: ExtractionScreenOptions<Input>) {
  const extraction = useExtraction(options);
  const zip = useDownloadAll({ zipName, remoteNote });
  const { run: runExtraction } = extraction;
  const run = useCallback(
    (input: Input) => {
      preloadExtractionViews();
      return runExtraction(input);
    },
    [runExtraction],
  );
  return {
    ...extraction,
    run,
    downloadAll: zip.downloadAll,
    downloadAllBusy: zip.busy,
    remoteNote,
  };
}
