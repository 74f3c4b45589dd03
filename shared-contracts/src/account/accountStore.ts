import { MESSAGES } from '../messages/catalogue.ts';
import { toasts as siteToasts, type ToastBus } from '../toast/toastBus.ts';
import { ACCOUNT_STORAGE_KEYS } from './keys.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { indexedDbImageBytes, type SavedImageBytes } from './savedImageBytes.ts';
import {
  type Account,
  type CurrentUser,
  CurrentUserSchema,
  type DownloadItem,
  DownloadItemSchema,
  NewPasswordFieldSchema,
  normaliseEmail,
  type ProfileUpdate,
  ProfileUpdateSchema,
  phoneDigits,
  type SignInInput,
  SignInSchema,
  type SignUpInput,
  SignUpSchema,
  type StoredUser,
  StoredUserSchema,
} from './schemas.ts';
import { logOut as endSession, notifyAccountChange, readSession, subscribeAccount } from './session.ts';

/**
 * The device account store: the one API every app uses for accounts and saved images. It never
 * throws into a page: every failure is a `{ ok: false, code }` result, and unreadable data under
 * its keys is reported once and left alone.
 *
 * Nothing here logs a user object or a password (the spec's logging stub is not built).
 */

export type AccountErrorCode =
  | 'invalid-input'
  | 'email-taken'
  | 'phone-taken'
  | 'invalid-credentials'
  | 'wrong-password'
  | 'not-signed-in'
  | 'storage-full'
  | 'storage'
  | 'unreadable-image';

export type AccountFailure = { ok: false; code: AccountErrorCode };
export type AccountResult<T extends object = object> = ({ ok: true } & T) | AccountFailure;

/** Something under the store's keys that it could not read and therefore ignored. */
export type StorageIssue = {
  key: (typeof ACCOUNT_STORAGE_KEYS)[keyof typeof ACCOUNT_STORAGE_KEYS];
  kind: 'not-json' | 'wrong-shape' | 'unreadable-entries';
  /** How many entries were skipped (for `unreadable-entries`). */
  count?: number;
};

/** What Save needs from any extracted image: its address, file name and source kind. */
export type SaveableImage = { url: string; name: string; source: string };

export type AccountStoreOptions = {
  storage?: () => Storage | undefined;
  bytes?: SavedImageBytes;
  toasts?: Pick<ToastBus, 'error'>;
  /** Receives one line per issue, naming keys and counts only. */
  warn?: (message: string) => void;
};

export const LOCAL_IMAGE_URL_PREFIX = 'local:';

export const isPlainHttpUrl = (url: string) => /^https?:\/\//i.test(url);
export const isLocalImage = (item: Pick<DownloadItem, 'url'>) => item.url.startsWith(LOCAL_IMAGE_URL_PREFIX);

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function isCurrentUserText(raw: string): boolean {
  try {
    return CurrentUserSchema.safeParse(JSON.parse(raw)).success;
  } catch {
    return false;
  }
}

function isQuotaError(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

async function sha256Hex(parts: readonly BufferSource[]): Promise<string> {
  const total = parts.reduce((sum, part) => sum + part.byteLength, 0);
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const part of parts) {
    const bytes = ArrayBuffer.isView(part)
      ? new Uint8Array(part.buffer, part.byteOffset, part.byteLength)
      : new Uint8Array(part);
    joined.set(bytes, offset);
    offset += bytes.byteLength;
  }
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', joined));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** "derived from the creation timestamp" (spec section 3), with random digits against same-millisecond collisions. */
function newId(): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return `${Date.now().toString(36)}${random.toString(36).padStart(7, '0')}`;
}

const publicFields = (user: StoredUser): CurrentUser => ({
  id: user.id,
  name: user.name,
  ...(user.email ? { email: user.email } : { phone: user.phone }),
  ...(user.profilePic ? { profilePic: user.profilePic } : {}),
  createdAt: user.createdAt,
});

/** Verifying against this when no account matches keeps a wrong address as slow as a wrong password. */
let decoy: ReturnType<typeof hashPassword> | undefined;

export function createAccountStore(options: AccountStoreOptions = {}) {
  const storageOf = options.storage ?? browserStorage;
  const bytes = options.bytes ?? indexedDbImageBytes();
  const toastBus = options.toasts ?? siteToasts;
  const warn = options.warn ?? ((message: string) => console.warn(message));

  const reported = new Set<string>();
  const issues: StorageIssue[] = [];
  const issueListeners = new Set<(issue: StorageIssue) => void>();
  /** Device images saved in this page, by the address they were saved from (blob: addresses change per visit). */
  const savedLocalUrls = new Map<string, string>();

  function report(issue: StorageIssue) {
    const id = `${issue.key}:${issue.kind}`;
    if (reported.has(id)) return;
    reported.add(id);
    issues.push(issue);
    const count = issue.count === undefined ? '' : ` (${issue.count})`;
    warn(`[account] ignored unreadable data under localStorage "${issue.key}": ${issue.kind}${count}`);
    for (const listener of issueListeners) listener(issue);
  }

  function readRaw(key: string): string | null {
    try {
      return storageOf()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  /** Valid accounts, plus the entries we could not read, kept to be written back untouched. */
  function readUsers(): { users: StoredUser[]; foreign: unknown[] } {
    const key = ACCOUNT_STORAGE_KEYS.users;
    const raw = readRaw(key);
    if (raw === null) return { users: [], foreign: [] };
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      report({ key, kind: 'not-json' });
      return { users: [], foreign: [] };
    }
    if (!Array.isArray(parsed)) {
      report({ key, kind: 'wrong-shape' });
      return { users: [], foreign: [] };
    }
    const users: StoredUser[] = [];
    const foreign: unknown[] = [];
    let badDownloads = 0;
    for (const entry of parsed) {
      const result = StoredUserSchema.safeParse(entry);
      if (result.success) {
        users.push(result.data);
        badDownloads += result.data.downloads.filter((item) => !DownloadItemSchema.safeParse(item).success).length;
      } else {
        foreign.push(entry);
      }
    }
    if (foreign.length + badDownloads > 0) {
      report({ key, kind: 'unreadable-entries', count: foreign.length + badDownloads });
    }
    return { users, foreign };
  }

  function signedInUser(users: readonly StoredUser[] = readUsers().users): StoredUser | undefined {
    const session = readSession(storageOf());
    if (!session) {
      // A well-formed session whose account is gone is simply over; only a damaged one is news.
      const raw = readRaw(ACCOUNT_STORAGE_KEYS.currentUser);
      if (raw !== null && !isCurrentUserText(raw))
        report({ key: ACCOUNT_STORAGE_KEYS.currentUser, kind: 'wrong-shape' });
      return undefined;
    }
    return users.find((user) => user.id === session.id);
  }

  /**
   * Writes `users` (and `currentUser` when given; null removes it) as one change: if the second
   * write fails the first is undone, so a full storage leaves the previous state intact.
   */
  function write(users: { users: StoredUser[]; foreign: unknown[] }, current?: CurrentUser | null): AccountResult {
    const storage = storageOf();
    if (!storage) return { ok: false, code: 'storage' };
    const next: [string, string | null][] = [
      [ACCOUNT_STORAGE_KEYS.users, JSON.stringify([...users.users, ...users.foreign])],
    ];
    if (current !== undefined) next.push([ACCOUNT_STORAGE_KEYS.currentUser, current && JSON.stringify(current)]);
    const previous = next.map(([key]) => [key, readRaw(key)] as const);
    try {
      for (const [key, value] of next) {
        if (value === null) storage.removeItem(key);
        else storage.setItem(key, value);
      }
    } catch (error) {
      for (const [key, value] of previous) {
        try {
          if (value === null) storage.removeItem(key);
          else storage.setItem(key, value);
        } catch {
          // Restoring a value that was there before needs no new room; nothing more can be done.
        }
      }
      if (isQuotaError(error)) {
        toastBus.error(MESSAGES.account.storageFull.title, MESSAGES.account.storageFull.description);
        return { ok: false, code: 'storage-full' };
      }
      return { ok: false, code: 'storage' };
    }
    notifyAccountChange();
    return { ok: true };
  }

  let snapshot: { current: string | null; users: string | null; account: Account | null } | undefined;

  /** The signed-in account, or null. The same object until storage changes (for useSyncExternalStore). */
  function currentAccount(): Account | null {
    const current = readRaw(ACCOUNT_STORAGE_KEYS.currentUser);
    const usersRaw = readRaw(ACCOUNT_STORAGE_KEYS.users);
    if (snapshot && snapshot.current === current && snapshot.users === usersRaw) return snapshot.account;
    const user = signedInUser();
    const account = user
      ? {
          ...publicFields(user),
          downloads: user.downloads.flatMap((item) => {
            const result = DownloadItemSchema.safeParse(item);
            return result.success ? [result.data] : [];
          }),
        }
      : null;
    snapshot = { current, users: usersRaw, account };
    return account;
  }

  function isTaken(users: readonly StoredUser[], input: SignUpInput): AccountFailure | undefined {
    if (input.method === 'email') {
      const email = normaliseEmail(input.email);
      if (users.some((user) => user.email && normaliseEmail(user.email) === email)) {
        return { ok: false, code: 'email-taken' };
      }
    } else {
      const digits = phoneDigits(input.phone);
      if (users.some((user) => user.phone && phoneDigits(user.phone) === digits)) {
        return { ok: false, code: 'phone-taken' };
      }
    }
    return undefined;
  }

  /** Creates an account and signs it in (spec: registration signs in immediately). */
  async function register(input: SignUpInput): Promise<AccountResult<{ account: Account }>> {
    const parsed = SignUpSchema.safeParse(input);
    if (!parsed.success) return { ok: false, code: 'invalid-input' };
    const data = parsed.data;
    const taken = isTaken(readUsers().users, data);
    if (taken) return taken;
    const password = await hashPassword(data.password);
    // Hashing takes a moment: another tab may have registered the same address meanwhile.
    const users = readUsers();
    const takenNow = isTaken(users.users, data);
    if (takenNow) return takenNow;
    const user: StoredUser = {
      id: newId(),
      name: data.name,
      ...(data.method === 'email' ? { email: normaliseEmail(data.email) } : { phone: data.phone }),
      password,
      downloads: [],
      createdAt: new Date().toISOString(),
    };
    const written = write({ users: [...users.users, user], foreign: users.foreign }, publicFields(user));
    if (!written.ok) return written;
    return { ok: true, account: { ...publicFields(user), downloads: [] } };
  }

  async function logIn(input: SignInInput): Promise<AccountResult<{ account: Account }>> {
    const parsed = SignInSchema.safeParse(input);
    if (!parsed.success) return { ok: false, code: 'invalid-input' };
    const data = parsed.data;
    const users = readUsers();
    const user =
      data.method === 'email'
        ? users.users.find((u) => u.email && normaliseEmail(u.email) === normaliseEmail(data.email))
        : users.users.find((u) => u.phone && phoneDigits(u.phone) === phoneDigits(data.phone));
    if (!user) {
      decoy ??= hashPassword('decoy');
      await verifyPassword(data.password, await decoy);
      return { ok: false, code: 'invalid-credentials' };
    }
    if (!(await verifyPassword(data.password, user.password))) return { ok: false, code: 'invalid-credentials' };
    const written = write(users, publicFields(user));
    if (!written.ok) return written;
    return { ok: true, account: currentAccount() ?? { ...publicFields(user), downloads: [] } };
  }

  /** Applies `change` to the signed-in account and writes it (and its `currentUser` copy). */
  function updateSignedIn(change: (user: StoredUser) => StoredUser): AccountResult<{ user: StoredUser }> {
    const users = readUsers();
    const user = signedInUser(users.users);
    if (!user) return { ok: false, code: 'not-signed-in' };
    const updated = change(user);
    const written = write(
      { users: users.users.map((u) => (u.id === user.id ? updated : u)), foreign: users.foreign },
      publicFields(updated),
    );
    return written.ok ? { ok: true, user: updated } : written;
  }

  /** Spec: the display name must not be empty; a blank photo keeps the old one. */
  function updateProfile(update: ProfileUpdate): AccountResult {
    const parsed = ProfileUpdateSchema.safeParse(update);
    if (!parsed.success) return { ok: false, code: 'invalid-input' };
    const { name, profilePic } = parsed.data;
    return updateSignedIn((user) => ({ ...user, name, ...(profilePic?.trim() ? { profilePic } : {}) }));
  }

  async function changePassword(current: string, next: string): Promise<AccountResult> {
    if (!NewPasswordFieldSchema.safeParse(next).success) return { ok: false, code: 'invalid-input' };
    const user = signedInUser();
    if (!user) return { ok: false, code: 'not-signed-in' };
    if (!(await verifyPassword(current, user.password))) return { ok: false, code: 'wrong-password' };
    const password = await hashPassword(next);
    return updateSignedIn((u) => ({ ...u, password }));
  }

  /** The saved item an extracted image already is, if any: same address and name for web images. */
  function savedItemFor(image: SaveableImage): DownloadItem | undefined {
    const downloads = currentAccount()?.downloads ?? [];
    if (isPlainHttpUrl(image.url)) {
      return downloads.find((item) => item.url === image.url && item.name === image.name);
    }
    const id = savedLocalUrls.get(image.url);
    return id ? downloads.find((item) => item.id === id) : undefined;
  }

  /**
   * Saves an image to the signed-in account. A web image is kept as its address; any other (blob:
   * or data: made on the device) is read now and its bytes kept in IndexedDB, its id derived from
   * the account and the bytes, so the same picture is never saved twice whatever address it had.
   */
  async function saveImage(
    image: SaveableImage,
  ): Promise<AccountResult<{ item: DownloadItem; alreadySaved: boolean }>> {
    const account = currentAccount();
    if (!account) return { ok: false, code: 'not-signed-in' };
    const known = savedItemFor(image);
    if (known) return { ok: true, item: known, alreadySaved: true };
    const date = new Date().toISOString();
    if (isPlainHttpUrl(image.url)) {
      const item: DownloadItem = { id: newId(), url: image.url, name: image.name, source: image.source, date };
      const written = updateSignedIn((user) => ({ ...user, downloads: [...user.downloads, item] }));
      return written.ok ? { ok: true, item, alreadySaved: false } : written;
    }
    let blob: Blob;
    try {
      const response = await fetch(image.url);
      if (!response.ok) return { ok: false, code: 'unreadable-image' };
      blob = await response.blob();
    } catch {
      return { ok: false, code: 'unreadable-image' };
    }
    const content = await blob.arrayBuffer();
    const id = `img-${(await sha256Hex([new TextEncoder().encode(`${account.id}\0`), content])).slice(0, 40)}`;
    const existing = account.downloads.find((item) => item.id === id);
    if (existing) {
      savedLocalUrls.set(image.url, id);
      return { ok: true, item: existing, alreadySaved: true };
    }
    const item: DownloadItem = {
      id,
      url: `${LOCAL_IMAGE_URL_PREFIX}${id}`,
      name: image.name,
      source: image.source,
      date,
    };
    try {
      await bytes.set(id, blob);
    } catch (error) {
      if (isQuotaError(error)) {
        toastBus.error(MESSAGES.account.storageFull.title, MESSAGES.account.storageFull.description);
        return { ok: false, code: 'storage-full' };
      }
      return { ok: false, code: 'storage' };
    }
    const written = updateSignedIn((user) => ({ ...user, downloads: [...user.downloads, item] }));
    if (!written.ok) {
      await bytes.del(id).catch(() => undefined);
      return written;
    }
    savedLocalUrls.set(image.url, id);
    return { ok: true, item, alreadySaved: false };
  }

  /** Removes a saved image: its record, then its bytes if it has any. */
  async function deleteDownload(id: string): Promise<AccountResult> {
    const account = currentAccount();
    const item = account?.downloads.find((download) => download.id === id);
    if (!account || !item) return { ok: false, code: 'not-signed-in' };
    const written = updateSignedIn((user) => ({
      ...user,
      downloads: user.downloads.filter((download) => (download as { id?: unknown }).id !== id),
    }));
    if (!written.ok) return written;
    // Another account may not share it: ids include the account's id.
    if (isLocalImage(item)) await bytes.del(id).catch(() => undefined);
    return { ok: true };
  }

  /** The bytes of a saved device image, for an object URL; undefined for web images or when missing. */
  async function readSavedImage(item: DownloadItem): Promise<Blob | undefined> {
    if (!isLocalImage(item)) return undefined;
    try {
      return await bytes.get(item.id);
    } catch {
      return undefined;
    }
  }

  return {
    currentAccount,
    register,
    logIn,
    logOut: () => endSession(storageOf()),
    updateProfile,
    changePassword,
    saveImage,
    savedItemFor,
    deleteDownload,
    readSavedImage,
    subscribe: subscribeAccount,
    /** What was found unreadable so far (each reported once). */
    storageIssues: (): readonly StorageIssue[] => {
      readUsers();
      signedInUser();
      return [...issues];
    },
    onStorageIssue(listener: (issue: StorageIssue) => void): () => void {
      issueListeners.add(listener);
      return () => issueListeners.delete(listener);
    },
  };
}

export type AccountStore = ReturnType<typeof createAccountStore>;

/** The site's store. Module Federation shares this package as a singleton, so every app uses this one. */
export const accountStore: AccountStore = createAccountStore();
