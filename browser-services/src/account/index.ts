import { createAuth } from './auth.ts';
import { indexedDbImageBytes, type SavedImageBytes } from './savedImageBytes.ts';
import { createSavedImages } from './savedImages.ts';
import { subscribeAccount } from './session.ts';
import { type AccountStorageOptions, createAccountStorage } from './storage.ts';

export * from './auth.ts';
// password.ts (the PBKDF2 code) is not re-exported: auth.ts loads it with import() when it first hashes.
export * from './savedImageBytes.ts';
export * from './savedImages.ts';
export * from './session.ts';
export * from './storage.ts';

/**
 * The device account store: the one API every app uses for accounts and saved images, made of
 * `storage.ts` (localStorage, read and written safely), `auth.ts` (who is signed in) and
 * `savedImages.ts` (My Downloads, with bytes in IndexedDB). It never throws into a page: every
 * failure is a `{ ok: false, code }` result.
 *
 * No zod and no hashing code load with it: the schemas (`schemas.ts`) load when there is stored
 * data to check or input to validate, the PBKDF2 code (`password.ts`) when a password is first
 * hashed or verified. Synchronous reads answer "no account" until the schemas have arrived, then
 * subscribers are told; a page that decides on the answer awaits `ready()` first.
 */
export type AccountStoreOptions = AccountStorageOptions & { bytes?: SavedImageBytes };

export function createAccountStore(options: AccountStoreOptions = {}) {
  const accounts = createAccountStorage(options);
  return {
    currentAccount: accounts.currentAccount,
    ready: accounts.ready,
    ...createAuth(accounts),
    ...createSavedImages(accounts, options.bytes ?? indexedDbImageBytes()),
    subscribe: subscribeAccount,
    storageIssues: accounts.storageIssues,
    onStorageIssue: accounts.onStorageIssue,
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;

/** The site's store. Module Federation shares this package as a singleton, so every app uses this one. */
export const accountStore: AccountStore = createAccountStore();
