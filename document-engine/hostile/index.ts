/**
 * Hostile documents, built in code: one builder per class of input that once hung, crashed or
 * starved the engine (or the service running it). The engine's tests, extract-api's isolation
 * tests, the fuzzer's seeds and the e2e suite all take them from here, so every class stays
 * covered wherever the engine runs. Nothing here is run by the product.
 *
 *   import { HOSTILE_DOCUMENTS } from 'document-engine/hostile';
 *   for (const doc of HOSTILE_DOCUMENTS) post(doc.fileName, doc.build());
 */
export type { HostileDocument } from './hostileDocument.ts';

// Each builder by name too, for a suite that wants one class (the e2e suite uploads two).
export * from './mail.ts';
export * from './office.ts';
export * from './pdf.ts';
export * from './rtf.ts';
export * from './zipContainers.ts';

import type { HostileDocument } from './hostileDocument.ts';
import { OFFICE_HOSTILE_DOCUMENTS } from './office.ts';
import { PDF_HOSTILE_DOCUMENTS } from './pdf.ts';

/** Every class, PDF and Office. */
export const HOSTILE_DOCUMENTS: readonly HostileDocument[] = [...PDF_HOSTILE_DOCUMENTS, ...OFFICE_HOSTILE_DOCUMENTS];
