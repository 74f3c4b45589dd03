import { DEFAULT_NAME_TEMPLATE, NAME_TEMPLATE_MAX_CHARS } from 'shared-contracts/name-template';

/** Where the file-name template is kept on this device. */
export const NAME_TEMPLATE_KEY = 'image-extractor.nameTemplate';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Storage refused (a sandboxed frame, cookies blocked): the template is simply not remembered.
    return undefined;
  }
}

/** The file-name template last used on this device; the default when none, or what is stored is not one. */
export function rememberedNameTemplate(): string {
  try {
    const raw = storage()?.getItem(NAME_TEMPLATE_KEY);
    if (raw == null) return DEFAULT_NAME_TEMPLATE;
    // Parsed, not trusted: another version of the site, or a person, may have written anything.
    return raw.length <= NAME_TEMPLATE_MAX_CHARS ? raw : DEFAULT_NAME_TEMPLATE;
  } catch {
    return DEFAULT_NAME_TEMPLATE;
  }
}

/** Keeps the template for the next visit; the default is kept as no entry at all. */
export function rememberNameTemplate(template: string): void {
  try {
    if (template === DEFAULT_NAME_TEMPLATE) storage()?.removeItem(NAME_TEMPLATE_KEY);
    else storage()?.setItem(NAME_TEMPLATE_KEY, template);
  } catch {
    // Full or refused: the template works for this visit all the same.
  }
}
