import { emfForRtfJs, metafileBox, previewPixels } from './metafileSize.ts';

/** Long side of a preview, in pixels: sharp on a card and in a tab, small enough to draw quickly. */
const PREVIEW_MAX_SIDE = 1200;
/** rtf.js maps the metafile's window onto the viewport this way (MM_ANISOTROPIC). */
const MM_ANISOTROPIC = 8;

export type MetafileFormat = 'EMF' | 'WMF';

export function isMetafile(format: string | undefined): format is MetafileFormat {
  return format === 'EMF' || format === 'WMF';
}

/**
 * A PNG preview of an EMF or WMF picture, which browsers cannot show. rtf.js draws the metafile's
 * records as SVG in this document; the SVG is then rasterised on a canvas. Runs on the main thread
 * (rtf.js needs the DOM). Rejects when the metafile cannot be drawn; the original is untouched.
 */
export async function metafileToPng(
  bytes: Uint8Array,
  format: MetafileFormat,
  declared?: { width?: number | undefined; height?: number | undefined },
): Promise<Blob> {
  const box = metafileBox(bytes, format);
  const frame =
    box ??
    (declared?.width && declared.height
      ? { left: 0, top: 0, width: declared.width, height: declared.height }
      : { left: 0, top: 0, width: 1, height: 1 });
  const pixels = previewPixels(frame, PREVIEW_MAX_SIDE);
  let svg: SVGElement;
  if (format === 'EMF') {
    // Drawn in its own units (window = viewport), then the SVG's viewBox frames the picture's
    // bounds, which need not start at 0,0, and scales them to the preview's pixels.
    svg = new (await emfjs()).Renderer(emfForRtfJs(bytes).buffer).render({
      width: `${pixels.width}px`,
      height: `${pixels.height}px`,
      wExt: frame.width,
      hExt: frame.height,
      xExt: frame.width,
      yExt: frame.height,
      mapMode: MM_ANISOTROPIC,
    });
    svg.setAttribute('viewBox', `${frame.left} ${frame.top} ${frame.width} ${frame.height}`);
    // rtf.js puts what follows a SETVIEWPORTEXTEX in a nested <svg> the size of that viewport at
    // 0,0, and an SVG viewport clips; but it draws in device units, where a picture's bounds may
    // lie anywhere (an Adobe EMF's are 300,-616 to 490,-501: everything was clipped away). The
    // viewBox above frames the bounds; nothing inside may clip them again.
    for (const inner of svg.querySelectorAll('svg')) inner.setAttribute('overflow', 'visible');
  } else {
    // A WMF sets its own window; rtf.js maps it onto this viewport.
    svg = new (await wmfjs()).Renderer(bytes.slice().buffer).render({
      width: `${pixels.width}px`,
      height: `${pixels.height}px`,
      xExt: pixels.width,
      yExt: pixels.height,
      mapMode: MM_ANISOTROPIC,
    });
  }
  if (drawsNothing(svg)) throw new Error(`The ${format} picture has nothing rtf.js can draw.`);
  return rasterise(svg, pixels.width, pixels.height);
}

/** What rtf.js draws with; outside definitions (clip paths, patterns), an SVG without any shows nothing. */
const DRAWN = 'path, rect, circle, ellipse, line, polyline, polygon, text, image, use';
const DEFINITIONS = 'defs, clipPath, pattern, mask, filter';

/**
 * Whether rtf.js drew nothing: no shape, text or image in its SVG. Its EMF renderer skips every
 * bitmap record and all text, so a scan in an EMF wrapper, or a text-only EMF, comes out so.
 */
export function drawsNothing(svg: Element): boolean {
  for (const element of svg.querySelectorAll(DRAWN)) if (!element.closest(DEFINITIONS)) return false;
  return true;
}

// rtf.js logs every record it draws unless told not to.
async function emfjs() {
  const module = await import('rtf.js/dist/EMFJS.bundle.js');
  module.loggingEnabled(false);
  return module;
}

async function wmfjs() {
  const module = await import('rtf.js/dist/WMFJS.bundle.js');
  module.loggingEnabled(false);
  return module;
}

async function rasterise(svg: SVGElement, width: number, height: number): Promise<Blob> {
  svg.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  const markup = new XMLSerializer().serializeToString(svg);
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml' }));
  try {
    const picture = new Image(width, height);
    picture.src = url;
    await picture.decode();
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser gave no canvas to draw the preview on.');
    context.drawImage(picture, 0, 0, width, height);
    if (isBlank(context, width, height)) throw new Error('The picture was drawn, but nothing of it is visible.');
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob(
        (blob) => (blob ? resolve(blob) : reject(new Error('The preview could not be encoded as PNG.'))),
        'image/png',
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** Whether nothing was drawn: every pixel transparent, or all one colour. */
function isBlank(context: CanvasRenderingContext2D, width: number, height: number): boolean {
  const pixels = new Uint32Array(context.getImageData(0, 0, width, height).data.buffer);
  const first = pixels[0];
  for (let i = 1; i < pixels.length; i++) if (pixels[i] !== first) return false;
  return true;
}
