/**
 * The size a frame is shown at, in square pixels: what a player draws and what we save. Coded
 * 640x360 with a 2:1 sample aspect ratio shows as 1280x360; a phone video coded 1920x1080 with a
 * 90° rotation shows as 1080x1920. Width is stretched by the SAR (height kept, as ffprobe's display
 * aspect ratio and players do), then rotation swaps the sides.
 */
export type DisplaySizeInput = {
  codedWidth: number;
  codedHeight: number;
  /** Sample (pixel) aspect ratio as `[num, den]`; missing, 0:1 or invalid means square pixels. */
  sampleAspectRatio?: readonly [number, number] | undefined;
  /** Display rotation in degrees, any sign; only quarter turns change the size. */
  rotationDegrees?: number | undefined;
};

export function displaySize(input: DisplaySizeInput): { width: number; height: number } {
  const [num, den] = input.sampleAspectRatio ?? [1, 1];
  const sar = num > 0 && den > 0 && Number.isFinite(num / den) ? num / den : 1;
  const width = Math.max(1, Math.round(input.codedWidth * sar));
  const height = Math.max(1, Math.round(input.codedHeight));
  return isQuarterTurn(input.rotationDegrees) ? { width: height, height: width } : { width, height };
}

/** 90 or 270 degrees (any sign, any number of full turns). */
export function isQuarterTurn(rotationDegrees: number | undefined): boolean {
  if (rotationDegrees === undefined || !Number.isFinite(rotationDegrees)) return false;
  const quarter = Math.round(rotationDegrees / 90);
  return ((quarter % 2) + 2) % 2 === 1;
}

/** `"2:1"` (ffprobe's form) as `[2, 1]`; undefined for missing or unparsable text. */
export function parseAspectRatio(text: string | undefined | null): [number, number] | undefined {
  const match = /^(\d+)[:/](\d+)$/.exec(text?.trim() ?? '');
  if (!match) return undefined;
  const num = Number(match[1]);
  const den = Number(match[2]);
  return num > 0 && den > 0 ? [num, den] : undefined;
}
