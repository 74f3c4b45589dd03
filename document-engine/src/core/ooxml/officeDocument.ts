/**
 * What every OOXML extractor does first: open the package and find its main part, the target of
 * the package's `officeDocument` relationship (word/document.xml, ppt/presentation.xml).
 */
import { DocumentError, throwIfAborted } from '../../errors.ts';
import type { DocumentExtractor, DocumentImage, EngineOptions } from '../types.ts';
import { type OoxmlPackage, openPackage } from './openPackage.ts';

/** `mainPartName` names the main part in the sentence given when the package has none. */
export function ooxmlExtractor(
  mainPartName: string,
  extract: (pkg: OoxmlPackage, mainPart: string, options: EngineOptions) => AsyncGenerator<DocumentImage>,
): DocumentExtractor {
  return async function* opened(bytes, options = {}) {
    throwIfAborted(options.signal);
    const pkg = openPackage(bytes, options);
    const main = pkg.relationships('').list.find((relationship) => relationship.kind === 'officeDocument');
    if (!main?.targetPart || !pkg.hasPart(main.targetPart)) {
      throw new DocumentError('invalid', `This package has no ${mainPartName} part.`);
    }
    yield* extract(pkg, main.targetPart, options);
  };
}
