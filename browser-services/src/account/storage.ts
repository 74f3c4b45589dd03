import type { Account, CurrentUser, StoredUser } from 'shared-contracts';
import { ACCOUNT_STORAGE_KEYS } from 'shared-contracts/account-keys';
import { MESSAGES } from 'shared-contracts/messages';
import { browserStorage } from '../safeStorage/index.ts';
import { toasts as siteToasts, type ToastBus } from '../toast/toastBus.ts';
import { notifyAccountChange, readSession } from './session.ts';

/**
 * The accounts in localStorage, read and written safely: what `auth.ts` and `savedImages.ts`
 * build on. It never throws into a page: every failure is a `{ ok: false, code }` result, and
 * unreadable data under its keys is reported once and left alone (written back untouched).
 *
 * Stored data is checked with shared-contracts' zod schemas, which load with `import()` when there
 * is something to check (`schemas.ts`): a browser with nothing stored never downloads them. Until
 * they have arrived, a synchronous read answers "no account" (and reports nothing it cannot judge
 * yet); when they arrive, what was unreadable is reported and subscribers are told, so they read
 * again. A page that must not act on that first answer (the profile: signed out means "go to
 * sign in") awaits `ready()`; every write awaits the schemas first.
 *
 * Nothing here logs a user object or a password.
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

/** The zod schemas the store checks with (`schemas.ts`, loaded when first needed). */
export type AccountSchemas = typeof import('./schemas.ts');

let loadedSchemas: AccountSchemas | undefined;
let loadingSchemas: Promise<AccountSchemas> | undefined;

/** Loads the store's schemas: once for the page; a load that failed is tried again on the next call. */
export function loadAccountSchemas(): Promise<AccountSchemas> {
  loadingSchemas ??= import('./schemas.ts').then(
    (schemas) => {
      loadedSchemas = schemas;
      return schemas;
    },
    (error: unknown) => {
      loadingSchemas = undefined;
      throw error;
    },
  );
  return loadingSchemas;
}

export type AccountStorageOptions = {
  storage?: () => Storage | undefined;
  /** How the schemas arrive (tests); by default `loadAccountSchemas`. */
  loadSchemas?: () => Promise<AccountSchemas>;
  toasts?: Pick<ToastBus, 'error'>;
  /** Receives one line per issue, naming keys and counts only. */
  warn?: (message: string) => void;
};

/** Valid accounts, plus the entries that could not be read, kept to be written back untouched. */
export type StoredUsers = { users: StoredUser[]; foreign: unknown[] };

function isCurrentUserText(schemas: AccountSchemas, raw: string): boolean {
  try {
    return schemas.CurrentUserSchema.safeParse(JSON.parse(raw)).success;
  } catch {
    return false;
  }
}

export function isQuotaError(error: unknown): boolean {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  return name === 'QuotaExceededError' || name === 'NS_ERROR_DOM_QUOTA_REACHED';
}

/** Derived from the creation timestamp, so ids sort by age, with random digits against same-millisecond collisions. */
export function newId(): string {
  const random = crypto.getRandomValues(new Uint32Array(1))[0] ?? 0;
  return `${Date.now().toString(36)}${random.toString(36).padStart(7, '0')}`;
}

/** The account without its password record or saved images: what `currentUser` holds. */
export const publicFields = (user: StoredUser): CurrentUser => ({
  id: user.id,
  name: user.name,
  ...(user.email ? { email: user.email } : { phone: user.phone }),
  ...(user.profilePic ? { profilePic: user.profilePic } : {}),
  createdAt: user.createdAt,
});

export function createAccountStorage(options: AccountStorageOptions = {}) {
  const storageOf = options.storage ?? browserStorage;
  const toastBus = options.toasts ?? siteToasts;
  const warn = options.warn ?? ((message: string) => console.warn(message));

  const loadSchemas = options.loadSchemas ?? loadAccountSchemas;
  let schemas: AccountSchemas | undefined;
  let loading: Promise<AccountSchemas> | undefined;
  /** A synchronous read answered before the schemas arrived: tell subscribers when they do. */
  let answeredEarly = false;

  /** The schemas if they are here (loaded by this page already, with the default loader). */
  function schemasNow(): AccountSchemas | undefined {
    schemas ??= options.loadSchemas ? undefined : loadedSchemas;
    return schemas;
  }

  /** The schemas, loading them if needed (a failed load rejects, and is tried again next time). */
  function load(): Promise<AccountSchemas> {
    const now = schemasNow();
    if (now) return Promise.resolve(now);
    loading ??= loadSchemas().then(
      (loaded) => {
        schemas = loaded;
        if (answeredEarly) {
          answeredEarly = false;
          checkStored();
          notifyAccountChange();
        }
        return loaded;
      },
      (error: unknown) => {
        loading = undefined;
        throw error;
      },
    );
    return loading;
  }

  /** The schemas for a synchronous read; if they have not arrived, starts loading them and returns undefined. */
  function schemasForRead(): AccountSchemas | undefined {
    const now = schemasNow();
    if (now) return now;
    answeredEarly = true;
    load().catch(() => undefined);
    return undefined;
  }

  const nothingStored = () =>
    readRaw(ACCOUNT_STORAGE_KEYS.users) === null && readRaw(ACCOUNT_STORAGE_KEYS.currentUser) === null;

  const reported = new Set<string>();
  const issues: StorageIssue[] = [];
  const issueListeners = new Set<(issue: StorageIssue) => void>();

  function report(issue: StorageIssue) {
    const id = `${issue.key}:${issue.kind}`;
    if (reported.has(id)) return;
    reported.add(id);
    issues.push(issue);
    const count = issue.count === undefined ? '' : ` (${issue.count})`;
    warn(`[account] ignored unreadable data under localStorage "${issue.key}": ${issue.kind}${count}`);
    for (const listener of issueListeners) listener(issue);
  }

  /** Tells the user the device is out of room; the caller returns `storage-full`. */
  function storageFull(): AccountFailure {
    toastBus.error(MESSAGES.account.storageFull.title, MESSAGES.account.storageFull.description);
    return { ok: false, code: 'storage-full' };
  }

  function readRaw(key: string): string | null {
    try {
      return storageOf()?.getItem(key) ?? null;
    } catch {
      return null;
    }
  }

  /**
   * Valid accounts, plus the entries we could not read, kept to be written back untouched. Before
   * the schemas arrive no entry can be judged: none is an account yet, all are kept as they are.
   */
  function readUsers(): StoredUsers {
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
    const checks = schemasForRead();
    if (!checks) return { users: [], foreign: parsed };
    const users: StoredUser[] = [];
    const foreign: unknown[] = [];
    let badDownloads = 0;
    for (const entry of parsed) {
      const result = checks.StoredUserSchema.safeParse(entry);
      if (result.success) {
        users.push(result.data);
        badDownloads += result.data.downloads.filter(
          (item) => !checks.DownloadItemSchema.safeParse(item).success,
        ).length;
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
      const checks = raw === null ? undefined : schemasForRead();
      if (raw !== null && checks && !isCurrentUserText(checks, raw))
        report({ key: ACCOUNT_STORAGE_KEYS.currentUser, kind: 'wrong-shape' });
      return undefined;
    }
    return users.find((user) => user.id === session.id);
  }

  /**
   * Writes `users` (and `currentUser` when given; null removes it) as one change: if the second
   * write fails the first is undone, so a full storage leaves the previous state intact.
   */
  function write(users: StoredUsers, current?: CurrentUser | null): AccountResult {
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
      return isQuotaError(error) ? storageFull() : { ok: false, code: 'storage' };
    }
    notifyAccountChange();
    return { ok: true };
  }

  let snapshot: { current: string | null; users: string | null; checked: boolean; account: Account | null } | undefined;

  /**
   * The signed-in account, or null. The same object until storage changes or the schemas arrive
   * (for useSyncExternalStore); null until then if anything is stored (see `ready()`).
   */
  function currentAccount(): Account | null {
    const current = readRaw(ACCOUNT_STORAGE_KEYS.currentUser);
    const usersRaw = readRaw(ACCOUNT_STORAGE_KEYS.users);
    const checked = schemasNow() !== undefined;
    if (snapshot && snapshot.current === current && snapshot.users === usersRaw && snapshot.checked === checked) {
      return snapshot.account;
    }
    const user = signedInUser();
    const checks = schemasNow();
    const account =
      user && checks
        ? {
            ...publicFields(user),
            downloads: user.downloads.flatMap((item) => {
              const result = checks.DownloadItemSchema.safeParse(item);
              return result.success ? [result.data] : [];
            }),
          }
        : null;
    snapshot = { current, users: usersRaw, checked, account };
    return account;
  }

  /** Reads everything stored, reporting what is unreadable. */
  function checkStored() {
    readUsers();
    signedInUser();
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

  return {
    storage: storageOf,
    /**
     * Resolves once synchronous reads give their final answer: at once when nothing is stored,
     * else when the schemas have arrived (or failed to: reads then keep answering "no account").
     */
    ready(): Promise<void> {
      if (schemasNow() || nothingStored()) return Promise.resolve();
      return load().then(
        () => undefined,
        () => undefined,
      );
    },
    /** The schemas, for work that checks input (`auth.ts`); rejects if they cannot be loaded. */
    schemas: load,
    readUsers,
    signedInUser,
    write,
    currentAccount,
    updateSignedIn,
    storageFull,
    /** What was found unreadable so far (each reported once). */
    storageIssues: (): readonly StorageIssue[] => {
      checkStored();
      return [...issues];
    },
    onStorageIssue(listener: (issue: StorageIssue) => void): () => void {
      issueListeners.add(listener);
      return () => issueListeners.delete(listener);
    },
  };
}

export type AccountStorage = ReturnType<typeof createAccountStorage>;
