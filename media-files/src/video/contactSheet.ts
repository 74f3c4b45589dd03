/**
 * The contact sheet's layout: one function the browser (OffscreenCanvas) and the CLI (ffmpeg's
 * overlay and drawtext) both draw from, so a sheet looks alike wherever it was made. A header
 * line (the video's name, duration and size), then the frames in a grid, each with its timestamp
 * under it. Everything in whole pixels.
 */

/** A setting of the sheet: its bounds and its default. */
export type SheetSettingRange = Readonly<{ min: number; max: number; default: number }>;

/** What may be chosen of a sheet, on the screen's sliders and in the CLI's options alike: one table. */
export const SHEET_SETTINGS: Readonly<Record<'columns' | 'width', SheetSettingRange>> = {
  /** Frames per row. */
  columns: { min: 1, max: 10, default: 4 },
  /** The sheet's width in pixels. */
  width: { min: 400, max: 4000, default: 1600 },
};

export type SheetLayoutInput = {
  /** Frames on the sheet. */
  count: number;
  /** The frames' display size (all frames of a video share it). */
  frameWidth: number;
  frameHeight: number;
  columns: number;
  /** The sheet's width in pixels. */
  width: number;
};

export type SheetCell = {
  /** Where the frame is drawn, scaled to the cell (aspect kept). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The timestamp's baseline, centred under the frame. */
  labelX: number;
  labelY: number;
};

export type SheetLayout = {
  width: number;
  height: number;
  margin: number;
  /** The header's text baseline and size. */
  headerX: number;
  headerY: number;
  headerFontSize: number;
  labelFontSize: number;
  cells: SheetCell[];
};

const clamp = (value: number, { min, max }: SheetSettingRange) => Math.min(max, Math.max(min, Math.round(value)));

export function sheetLayout(input: SheetLayoutInput): SheetLayout {
  const width = clamp(input.width, SHEET_SETTINGS.width);
  const columns = clamp(Math.min(input.columns, Math.max(1, input.count)), SHEET_SETTINGS.columns);
  const margin = Math.max(8, Math.round(width / 100));
  const gap = margin;
  const headerFontSize = Math.max(14, Math.round(width / 60));
  const cellWidth = Math.floor((width - 2 * margin - (columns - 1) * gap) / columns);
  const aspect = input.frameWidth > 0 && input.frameHeight > 0 ? input.frameHeight / input.frameWidth : 9 / 16;
  const cellHeight = Math.max(1, Math.round(cellWidth * aspect));
  const labelFontSize = Math.max(10, Math.min(24, Math.round(cellWidth / 14)));
  const labelSpace = Math.round(labelFontSize * 1.6);
  const top = margin + Math.round(headerFontSize * 1.8);
  const rows = Math.ceil(Math.max(0, input.count) / columns);
  const cells: SheetCell[] = [];
  for (let i = 0; i < input.count; i += 1) {
    const x = margin + (i % columns) * (cellWidth + gap);
    const y = top + Math.floor(i / columns) * (cellHeight + labelSpace + gap);
    cells.push({
      x,
      y,
      width: cellWidth,
      height: cellHeight,
      labelX: x + Math.round(cellWidth / 2),
      labelY: y + cellHeight + Math.round(labelFontSize * 1.2),
    });
  }
  const height = top + rows * (cellHeight + labelSpace + gap) - (rows > 0 ? gap : 0) + margin;
  return {
    width,
    height,
    margin,
    headerX: margin,
    headerY: margin + headerFontSize,
    headerFontSize,
    labelFontSize,
    cells,
  };
}
