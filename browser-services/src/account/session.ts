import { ACCOUNT_CHANGE_EVENT, ACCOUNT_STORAGE_KEYS, type SessionUser } from 'shared-contracts/account-keys';
import { browserStorage } from '../safeStorage/index.ts';

/*
 * The signed-in account as the header needs it (`SessionUser`), read without zod: the shell loads
 * this on `/`, whose budget has no room for a validation library. The fields are checked by hand;
 * anything else under `currentUser` reads as signed out. shared-contracts' `schemas.ts` checks
 * `SessionUser` against its zod schema, so the two cannot drift apart.
 */

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const optionalText = (value: unknown) => value === undefined || typeof value === 'string';

function readJson(storage: Storage, key: string): unknown {
  try {
    const raw = storage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

function toSessionUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, name, email, phone, profilePic, createdAt } = value as Record<string, unknown>;
  if (!isText(id) || !isText(name) || !isText(createdAt)) return null;
  if (!optionalText(email) || !optionalText(phone) || !optionalText(profilePic)) return null;
  // Exactly one way to sign in, as at registration.
  if (isText(email) === isText(phone)) return null;
  return {
    id,
    name,
    email: email || undefined,
    phone: phone || undefined,
    profilePic: profilePic || undefined,
    createdAt,
  };
}

/**
 * True when `users` still holds an account with this id and a password record (not, say, a
 * plain-text password of some older app): a session without its account is over.
 */
function accountExists(storage: Storage, id: string): boolean {
  const users = readJson(storage, ACCOUNT_STORAGE_KEYS.users);
  return (
    Array.isArray(users) &&
    users.some((user) => {
      if (typeof user !== 'object' || user === null) return false;
      const { id: userId, password } = user as { id?: unknown; password?: unknown };
      return (
        userId === id &&
        typeof password === 'object' &&
        password !== null &&
        isText((password as { hash?: unknown }).hash)
      );
    })
  );
}

let cached: { current: string | null; users: string | null; user: SessionUser | null } | undefined;

/**
 * The signed-in account, or null (also where storage is refused). The same object until storage
 * changes (for useSyncExternalStore).
 */
export function readSession(storage: Storage | undefined = browserStorage()): SessionUser | null {
  if (!storage) return null;
  let current: string | null;
  let users: string | null;
  try {
    current = storage.getItem(ACCOUNT_STORAGE_KEYS.currentUser);
    users = storage.getItem(ACCOUNT_STORAGE_KEYS.users);
  } catch {
    return null;
  }
  if (cached && cached.current === current && cached.users === users) return cached.user;
  const candidate = toSessionUser(readJson(storage, ACCOUNT_STORAGE_KEYS.currentUser));
  const user = candidate && accountExists(storage, candidate.id) ? candidate : null;
  cached = { current, users, user };
  return user;
}

/** Tells every subscriber in this tab that the accounts changed (other tabs hear `storage`). */
export function notifyAccountChange(): void {
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(ACCOUNT_CHANGE_EVENT));
}

const ACCOUNT_KEYS: ReadonlySet<string> = new Set(Object.values(ACCOUNT_STORAGE_KEYS));

/**
 * Calls `listener` after any change to the accounts: a write in this tab, or one in another tab
 * (signing out there signs out here). Returns the unsubscribe function.
 */
export function subscribeAccount(listener: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  const onStorage = (event: StorageEvent) => {
    // A null key means the other tab cleared the whole storage.
    if (event.key === null || ACCOUNT_KEYS.has(event.key)) listener();
  };
  window.addEventListener('storage', onStorage);
  window.addEventListener(ACCOUNT_CHANGE_EVENT, listener);
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(ACCOUNT_CHANGE_EVENT, listener);
  };
}

/** Signs out in this tab and, through the `storage` event, in every other tab. */
export function logOut(storage: Storage | undefined = browserStorage()): void {
  try {
    storage?.removeItem(ACCOUNT_STORAGE_KEYS.currentUser);
  } catch {
    // Nothing to undo: a storage that refuses removal has no session we could have read either.
  }
  notifyAccountChange();
}

/** What an avatar without a photo shows: the name's first letter. */
export function initialOf(name: string): string {
  return (name.trim()[0] ?? '?').toUpperCase();
}

/** What the shell passes to mfe-account's Edit Profile dialog, which it loads on demand. */
export type EditProfileDialogProps = { open: boolean; onClose: () => void };
