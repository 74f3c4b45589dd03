import { API_PATHS, type ExtractedImage, MESSAGES } from 'shared-contracts';

const m = MESSAGES.figures;

/**
 * A vector figure's SVG, drawn by the server (POST /api/figure-svg, Inkscape) from the card's vector
 * PDF, which was cut out on this device: the figure's "SVG" button. Rejects with a sentence to show:
 * the server's own when it gave one (too large, busy, past its time limit, no Inkscape).
 */
export async function figureSvgOf(image: ExtractedImage): Promise<Blob> {
  const original = image.original;
  if (!original || !image.figure?.vector) throw new Error(m.svgRoute.notPdf);
  let response: Response;
  try {
    const pdf = await (await fetch(original.url)).blob();
    response = await fetch(API_PATHS.figureSvg, {
      method: 'POST',
      headers: { 'content-type': 'application/pdf' },
      body: pdf,
    });
  } catch (error) {
    throw new Error(m.svgUnreachable, { cause: error });
  }
  if (!response.ok) {
    const answer = (await response.json().catch(() => undefined)) as { error?: unknown } | undefined;
    throw new Error(typeof answer?.error === 'string' ? answer.error : m.svgServerFailed(response.status));
  }
  const svg = await response.blob();
  if (svg.type !== 'image/svg+xml') throw new Error(m.svgServerFailed(response.status));
  return svg;
}
