import type { HostileDocument } from './index.ts';

/** Hostile Word and PowerPoint files (filled in by the Office bounds work). */
export const OFFICE_HOSTILE_DOCUMENTS: readonly HostileDocument[] = [];
