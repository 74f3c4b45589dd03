// The metadata the tests write into real images with Debian's exiftool (libimage-exiftool-perl,
// installed by `node scripts/setup.mjs`): one list, so every suite reads back the same facts.
import { execFileSync } from 'node:child_process';

/** A camera, the date it took the photo, where (GPS), and XMP creator and rights. */
export const PHOTO_TAGS = [
  '-EXIF:Make=Test Camera Co',
  '-EXIF:Model=Model 7',
  '-EXIF:DateTimeOriginal=2024:05:06 07:08:09',
  '-GPSLatitude=48.8584',
  '-GPSLatitudeRef=N',
  '-GPSLongitude=2.2945',
  '-GPSLongitudeRef=E',
  '-XMP-dc:Creator=Ada Lovelace',
  '-XMP-dc:Rights=(c) Ada',
];

/** Rotate 90 CW: kept apart, since a browser turns a picture that carries it. */
export const ORIENTATION_TAG = '-EXIF:Orientation#=6';

/** Writes `tags` into the image at `file`, in place. */
export function writeTags(file, tags = PHOTO_TAGS) {
  execFileSync('exiftool', ['-q', '-overwrite_original', ...tags, file]);
}
