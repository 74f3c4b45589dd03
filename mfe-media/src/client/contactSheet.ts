import { formatTimestamp, sheetLayout } from 'media-files';
import { type ExtractedImage, MESSAGES } from 'shared-contracts';

/** What the sheet's header says of the video. */
export type SheetVideo = { name: string; durationSeconds: number | undefined; width: number; height: number };

export type SheetOptions = { columns: number; width: number };

/** The header line: the video's name, duration and size. */
export function sheetHeader(video: SheetVideo): string {
  const duration = video.durationSeconds === undefined ? '' : formatTimestamp(video.durationSeconds);
  return MESSAGES.video.sheet.header(video.name, duration, video.width, video.height);
}

/**
 * The contact sheet as a PNG, drawn on an OffscreenCanvas from the frames on the device (their
 * object URLs) with media-files' layout, the one the CLI draws with too. Each frame is decoded off
 * the thread (createImageBitmap) and released once drawn.
 */
export async function drawContactSheet(
  frames: readonly ExtractedImage[],
  video: SheetVideo,
  options: SheetOptions,
): Promise<Blob> {
  const layout = sheetLayout({
    count: frames.length,
    frameWidth: video.width,
    frameHeight: video.height,
    columns: options.columns,
    width: options.width,
  });
  const canvas = new OffscreenCanvas(layout.width, layout.height);
  const context = canvas.getContext('2d', { alpha: false });
  if (!context) throw new Error('This browser cannot draw a contact sheet.');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, layout.width, layout.height);
  context.fillStyle = '#111111';
  context.font = `bold ${layout.headerFontSize}px sans-serif`;
  context.textAlign = 'left';
  context.fillText(sheetHeader(video), layout.headerX, layout.headerY, layout.width - 2 * layout.margin);
  context.font = `${layout.labelFontSize}px sans-serif`;
  context.textAlign = 'center';
  for (const [i, frame] of frames.entries()) {
    const cell = layout.cells[i];
    if (!cell) continue;
    const bitmap = await createImageBitmap(await (await fetch(frame.url)).blob());
    try {
      context.drawImage(bitmap, cell.x, cell.y, cell.width, cell.height);
    } finally {
      bitmap.close();
    }
    context.fillText(frame.timestamp ?? '', cell.labelX, cell.labelY, cell.width);
  }
  return canvas.convertToBlob({ type: 'image/png' });
}

/** The sheet's PDF: one page holding the PNG (pdf-lib loads with this call). */
export async function contactSheetPdf(png: Blob, video: SheetVideo): Promise<Blob> {
  const { sheetPdf } = await import('media-files/sheetPdf');
  const bytes = await sheetPdf(new Uint8Array(await png.arrayBuffer()), video.name);
  return new Blob([bytes as BlobPart], { type: 'application/pdf' });
}

/** `clip-sheet.png` for `clip.mp4`. */
export function sheetFileName(video: SheetVideo, extension: 'png' | 'pdf'): string {
  const stem = video.name.replace(/\.[A-Za-z0-9]{1,5}$/, '').replace(/[\\/:*?"<>|]+/g, '-') || 'video';
  return `${stem}-sheet.${extension}`;
}
