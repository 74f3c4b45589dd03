/**
 * Where accounts live, how their changes are announced and the plain shapes stored there. Plain
 * data, no zod: the shell's header reads the session through browser-services' `session.ts`, which
 * must stay light enough for the landing page.
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

/**
 * The signed-in account as the header needs it. browser-services reads it without zod (its
 * `readSession`); `schemas.ts` checks this type against its zod schema, so the two cannot drift apart.
 */
export type SessionUser = {
  id: string;
  name: string;
  email?: string | undefined;
  phone?: string | undefined;
  profilePic?: string | undefined;
  createdAt: string;
};

/** How stored password records are made: salted PBKDF2-SHA256 (browser-services hashes with WebCrypto). */
export const PASSWORD_ALGORITHM = 'PBKDF2-SHA256';

/** A stored password record without zod; `schemas.ts` checks it against `PasswordRecordSchema`. */
export type PasswordRecordShape = {
  algorithm: typeof PASSWORD_ALGORITHM;
  iterations: number;
  /** base64 */
  salt: string;
  /** base64 */
  hash: string;
};
