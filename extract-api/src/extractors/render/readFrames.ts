import type { Page } from 'playwright-core';
import {
  type DrawnImage,
  type DrawnRead,
  drawnImagesScript,
  MAX_DRAWN_CHARS,
  readBlobsScript,
  SHADOW_HTML_SCRIPT,
} from './drawnInPage.ts';
import { CSS_BACKGROUNDS_SCRIPT, type CssBackgroundsRead } from './inPage.ts';

/** An open shadow root's markup, with the address its relative URLs resolve against. */
export type ShadowRootHtml = { baseUrl: string; html: string };

/** What the frames of a rendered page show beyond the main frame's outerHTML and the network log. */
export type FramesRead = {
  /** http(s) and data: URLs of computed CSS backgrounds, every frame's. */
  cssBackgrounds: string[];
  /** Those of them used inside open shadow roots. */
  shadowBackgrounds: string[];
  shadowRoots: ShadowRootHtml[];
  drawn: { images: DrawnImage[]; taintedCanvases: number; leftOut: number };
};

/**
 * Reads every frame of the page once scrolling is over: CSS backgrounds, canvases, blob: images
 * and open shadow roots. A frame that goes away meanwhile costs its own findings only; `race`
 * makes every call stop when the render ends.
 */
export async function readFrames(page: Page, race: <T>(work: Promise<T>) => Promise<T>, ended: AbortSignal) {
  const css = new Set<string>();
  const shadowCss = new Set<string>();
  const shadowRoots: ShadowRootHtml[] = [];
  const images: DrawnImage[] = [];
  let taintedCanvases = 0;
  let leftOut = 0;
  let budget = MAX_DRAWN_CHARS;
  const spend = (found: readonly DrawnImage[]) => {
    for (const image of found) budget -= image.url.length;
    images.push(...found);
  };

  for (const frame of page.frames()) {
    try {
      const backgrounds = await race(frame.evaluate<CssBackgroundsRead>(CSS_BACKGROUNDS_SCRIPT));
      const blobs: { url: string; inShadow: boolean }[] = [];
      const shadow = new Set(backgrounds.inShadow);
      for (const url of backgrounds.urls) {
        if (url.startsWith('blob:')) {
          blobs.push({ url, inShadow: shadow.has(url) });
          continue;
        }
        css.add(url);
        if (shadow.has(url)) shadowCss.add(url);
      }
      const drawn = await race(frame.evaluate<DrawnRead>(drawnImagesScript(budget)));
      spend(drawn.images);
      taintedCanvases += drawn.tainted;
      leftOut += drawn.leftOut;
      if (blobs.length > 0) {
        const read = await race(
          frame.evaluate<{ images: DrawnImage[]; leftOut: number }>(readBlobsScript(blobs, budget)),
        );
        spend(read.images);
        leftOut += read.leftOut;
      }
      const shadowHtml = await race(frame.evaluate<{ baseUrl: string; roots: string[] }>(SHADOW_HTML_SCRIPT));
      for (const html of shadowHtml.roots) shadowRoots.push({ baseUrl: shadowHtml.baseUrl, html });
    } catch (error) {
      if (ended.aborted) throw error;
      // a frame that went away meanwhile
    }
  }
  return {
    cssBackgrounds: [...css],
    shadowBackgrounds: [...shadowCss],
    shadowRoots,
    drawn: { images, taintedCanvases, leftOut },
  } satisfies FramesRead;
}
