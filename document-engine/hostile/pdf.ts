import type { HostileDocument } from './index.ts';

/** Hostile PDFs (filled in by the PDF bounds work). */
export const PDF_HOSTILE_DOCUMENTS: readonly HostileDocument[] = [];
