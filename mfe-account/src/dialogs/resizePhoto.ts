/** The longest side a profile photo is stored at: it is shown at 88 px at most, and localStorage is small. */
export const PROFILE_PHOTO_MAX_PX = 256;

/**
 * Reads an image file and returns it as a data URL no larger than `maxPx` on its longest side.
 * JPEG for photos (small), PNG for everything else (keeps transparency). Throws when the file is
 * not a picture the browser can decode.
 */
export async function resizePhoto(file: Blob, maxPx = PROFILE_PHOTO_MAX_PX): Promise<string> {
  const bitmap = await createImageBitmap(file);
  try {
    const scale = Math.min(1, maxPx / Math.max(bitmap.width, bitmap.height));
    const width = Math.max(1, Math.round(bitmap.width * scale));
    const height = Math.max(1, Math.round(bitmap.height * scale));
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw on a canvas');
    context.imageSmoothingQuality = 'high';
    context.drawImage(bitmap, 0, 0, width, height);
    return file.type === 'image/jpeg' ? canvas.toDataURL('image/jpeg', 0.9) : canvas.toDataURL('image/png');
  } finally {
    bitmap.close();
  }
}
