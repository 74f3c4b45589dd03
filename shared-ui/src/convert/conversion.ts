import { withFormatExtension } from 'media-files';
import type { DownloadChoices, ExtractedImage } from 'shared-contracts';

/**
 * Convert on download, the plan (pure): which images are re-encoded, to what, at what size. The
 * Worker (convertWorker.ts) does the work; the one download path (downloadAll) asks this module.
 */

/** Formats a browser decodes in a Worker (createImageBitmap); SVG and the document formats are not. */
const DECODABLE = new Set(['PNG', 'JPEG', 'GIF', 'WEBP', 'AVIF', 'BMP', 'ICO']);
/** What OffscreenCanvas writes everywhere. */
const ENCODABLE = { PNG: 'image/png', JPEG: 'image/jpeg', WEBP: 'image/webp' } as const;
export type EncodedFormat = keyof typeof ENCODABLE;

/** One image's conversion: the format and MIME type written, quality, and the size drawn. */
export type Conversion = {
  format: EncodedFormat;
  mimeType: (typeof ENCODABLE)[EncodedFormat];
  /** 0-1, for JPEG and WebP. */
  quality: number;
  /** The size the picture is drawn at; absent when the image's size is unknown (then its own). */
  width?: number | undefined;
  height?: number | undefined;
  /** Scale down so the longest side is at most this (when the size is only known once decoded). */
  maxSide?: number | undefined;
};

type ConvertChoices = Pick<DownloadChoices, 'format' | 'quality' | 'maxSide'>;

/** The size an image is drawn at within `maxSide` (never larger than it is). */
export function fitWithin(width: number, height: number, maxSide: number | undefined) {
  if (!maxSide || Math.max(width, height) <= maxSide) return { width, height };
  const scale = maxSide / Math.max(width, height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * How an image is converted, or undefined when it goes as it is: nothing asked, a format the
 * browser cannot decode in a Worker (SVG, EMF: the file as it is, its view rendition where it has
 * one), or the same format at a size it already fits. A size-only change keeps PNG, JPEG and WebP
 * and writes the others (GIF, BMP, ICO, AVIF) as PNG.
 */
export function conversionFor(image: ExtractedImage, choices: Partial<ConvertChoices>): Conversion | undefined {
  const asked = choices.format ?? 'keep';
  const maxSide = choices.maxSide;
  if (asked === 'keep' && !maxSide) return undefined;
  const from = (image.format ?? '').toUpperCase();
  if (!DECODABLE.has(from)) return undefined;
  const format: EncodedFormat =
    asked !== 'keep' ? (asked.toUpperCase() as EncodedFormat) : from in ENCODABLE ? (from as EncodedFormat) : 'PNG';
  const size = image.width && image.height ? fitWithin(image.width, image.height, maxSide) : undefined;
  const resized = size !== undefined && (size.width !== image.width || size.height !== image.height);
  if (format === from && !resized && size !== undefined) return undefined;
  return {
    format,
    mimeType: ENCODABLE[format],
    quality: (choices.quality ?? 90) / 100,
    width: size?.width,
    height: size?.height,
    maxSide,
  };
}

/** The image as the converted file describes it (its bytes are counted when written). */
export function asConverted(image: ExtractedImage, conversion: Conversion | undefined): ExtractedImage {
  if (!conversion) return image;
  return {
    ...image,
    name: withFormatExtension(image.name, conversion.format),
    format: conversion.format,
    mimeType: conversion.mimeType,
    width: conversion.width ?? image.width,
    height: conversion.height ?? image.height,
    size: undefined,
  };
}
