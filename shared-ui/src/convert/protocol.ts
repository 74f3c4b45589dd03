import type { Conversion } from './conversion.ts';

/** What crosses between the page and the conversion Worker: one request, one answer, by id. */
export type ConvertRequest = { id: number; url: string; conversion: Conversion };
export type ConvertAnswer = { id: number; blob: Blob } | { id: number; error: string };
