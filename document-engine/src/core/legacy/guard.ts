import { DocumentError } from '../../errors.ts';
import type { DocumentExtractor, DocumentImage, EngineOptions } from '../types.ts';

/**
 * Makes an extractor's failures the engine's errors: anything a damaged file makes the parsers
 * throw that is not already a DocumentError becomes DocumentError 'invalid'.
 */
export function withDocumentErrors(
  extract: (bytes: Uint8Array, options: EngineOptions) => AsyncGenerator<DocumentImage>,
): DocumentExtractor {
  return async function* guarded(bytes, options = {}) {
    try {
      yield* extract(bytes, options);
    } catch (error) {
      if (error instanceof DocumentError) throw error;
      throw new DocumentError('invalid', undefined, { cause: error });
    }
  };
}
