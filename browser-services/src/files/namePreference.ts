import { DEFAULT_NAME_TEMPLATE, NAME_TEMPLATE_MAX_CHARS } from 'shared-contracts/name-template';
import { browserStorage } from '../safeStorage/index.ts';

/** Where the file-name template is kept on this device. */
export const NAME_TEMPLATE_KEY = 'image-extractor.nameTemplate';

/** The file-name template last used on this device; the default when none, or what is stored is not one. */
export function rememberedNameTemplate(): string {
  try {
    const raw = browserStorage()?.getItem(NAME_TEMPLATE_KEY);
    if (raw == null) return DEFAULT_NAME_TEMPLATE;
    // Parsed, not trusted: another version of the site, or a person, may have written anything.
    return raw.length <= NAME_TEMPLATE_MAX_CHARS ? raw : DEFAULT_NAME_TEMPLATE;
  } catch {
    return DEFAULT_NAME_TEMPLATE;
  }
}

/** Keeps the template for the next visit (not where storage is refused); the default is kept as no entry at all. */
export function rememberNameTemplate(template: string): void {
  try {
    if (template === DEFAULT_NAME_TEMPLATE) browserStorage()?.removeItem(NAME_TEMPLATE_KEY);
    else browserStorage()?.setItem(NAME_TEMPLATE_KEY, template);
  } catch {
    // Full or refused: the template works for this visit all the same.
  }
}
