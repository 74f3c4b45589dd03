/**
 * Where accounts live and how their changes are announced. Plain data, no zod: the shell's header
 * reads the session through `session.ts`, which must stay light enough for the landing page.
 */
export const ACCOUNT_STORAGE_KEYS = {
  /** Every account registered on this device, password records and saved-image records included. */
  users: 'users',
  /** The signed-in account, without its password record or saved images. */
  currentUser: 'currentUser',
} as const;

/**
 * Fired on `window` after every write in this tab. The `storage` event only reaches the other tabs,
 * and a window event (not a module-level emitter) keeps every copy of this module in step, should
 * a remote ever bundle its own.
 */
export const ACCOUNT_CHANGE_EVENT = 'image-extractor:account-change';
