// @vitest-environment jsdom

import { ACCOUNT_STORAGE_KEYS, MESSAGES, SignInSchema, SignUpSchema } from 'shared-contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  type AccountSchemas,
  type AccountStore,
  createAccountStore,
  readSession,
  type SavedImageBytes,
} from '../src/account/index.ts';
import { fromBase64, PASSWORD_SALT_BYTES } from '../src/account/password.ts';

// Each password hash is 600,000 PBKDF2 rounds (~0.3 s alone, seconds on a busy shared machine).
vi.setConfig({ testTimeout: 30_000 });

const m = MESSAGES.account;
const PASSWORD = 'correct horse 42';

function memoryBytes(): SavedImageBytes & { map: Map<string, Blob> } {
  const map = new Map<string, Blob>();
  return {
    map,
    get: async (id) => map.get(id),
    set: async (id, blob) => {
      map.set(id, blob);
    },
    del: async (id) => {
      map.delete(id);
    },
  };
}

let bytes: ReturnType<typeof memoryBytes>;
let warn: ReturnType<typeof vi.fn<(message: string) => void>>;
let toastError: ReturnType<typeof vi.fn<(title: string, description?: string) => void>>;
let store: AccountStore;

const fresh = () =>
  createAccountStore({ bytes, warn, toasts: { error: toastError as never }, storage: () => localStorage });
const everythingStored = () => JSON.stringify({ ...localStorage });
const storedUsers = () => JSON.parse(localStorage.getItem(ACCOUNT_STORAGE_KEYS.users) ?? 'null') as unknown[];

beforeEach(() => {
  localStorage.clear();
  bytes = memoryBytes();
  warn = vi.fn();
  toastError = vi.fn();
  store = fresh();
});
afterEach(() => vi.restoreAllMocks());

describe('passwords', () => {
  it('stores a PBKDF2-SHA256 record with ≥600,000 iterations and a 16-byte salt, never the password', async () => {
    const result = await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    expect(result.ok).toBe(true);
    const [user] = storedUsers() as {
      password: { algorithm: string; iterations: number; salt: string; hash: string };
    }[];
    expect(user?.password.algorithm).toBe('PBKDF2-SHA256');
    expect(user?.password.iterations).toBeGreaterThanOrEqual(600_000);
    expect(fromBase64(user?.password.salt ?? '')).toHaveLength(PASSWORD_SALT_BYTES);
    expect(fromBase64(user?.password.hash ?? '')).toHaveLength(32);
    expect(everythingStored()).not.toContain(PASSWORD);
    const current = JSON.parse(localStorage.getItem(ACCOUNT_STORAGE_KEYS.currentUser) ?? '{}');
    expect(Object.keys(current).sort()).toEqual(['createdAt', 'email', 'id', 'name']);
  });

  it('gives each account its own salt, so equal passwords hash differently', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    await store.register({ method: 'email', name: 'Bob', email: 'bob@example.com', password: PASSWORD });
    const [a, b] = storedUsers() as { password: { salt: string; hash: string } }[];
    expect(a?.password.salt).not.toBe(b?.password.salt);
    expect(a?.password.hash).not.toBe(b?.password.hash);
  });

  it('signs in with the right password only, and changes it only given the current one', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    store.logOut();
    expect(store.currentAccount()).toBeNull();
    expect(await store.logIn({ method: 'email', email: 'ada@example.com', password: 'wrong' })).toEqual({
      ok: false,
      code: 'invalid-credentials',
    });
    expect(await store.logIn({ method: 'email', email: 'nobody@example.com', password: PASSWORD })).toEqual({
      ok: false,
      code: 'invalid-credentials',
    });
    expect((await store.logIn({ method: 'email', email: ' ADA@Example.com ', password: PASSWORD })).ok).toBe(true);

    expect(await store.changePassword('not it', 'new secret')).toEqual({ ok: false, code: 'wrong-password' });
    expect(await store.changePassword(PASSWORD, 'short')).toEqual({ ok: false, code: 'invalid-input' });
    expect((await store.changePassword(PASSWORD, 'new secret')).ok).toBe(true);
    expect(everythingStored()).not.toContain('new secret');
    store.logOut();
    expect((await store.logIn({ method: 'email', email: 'ada@example.com', password: PASSWORD })).ok).toBe(false);
    expect((await store.logIn({ method: 'email', email: 'ada@example.com', password: 'new secret' })).ok).toBe(true);
  });
});

describe('validation: the catalogue messages', () => {
  const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
    result.success ? undefined : result.error?.issues[0]?.message;

  it.each([
    ['a bad email', { method: 'email', email: 'ada@', password: 'x' }, m.invalidEmail],
    ['an empty password', { method: 'email', email: 'ada@example.com', password: '' }, m.passwordRequired],
    ['a 9-digit phone', { method: 'phone', phone: '555 123 456', password: 'x' }, m.invalidPhone],
    ['letters in a phone', { method: 'phone', phone: '555-CALL-NOW-1', password: 'x' }, m.invalidPhone],
  ])('sign in refuses %s', (_name, input, message) => {
    expect(firstMessage(SignInSchema.safeParse(input))).toBe(message);
  });

  it.each([
    ['a 1-letter name', { method: 'email', name: ' A ', email: 'a@b.co', password: 'secret' }, m.nameTooShort],
    ['a bad email', { method: 'email', name: 'Ada', email: 'not-an-email', password: 'secret' }, m.invalidEmail],
    ['a 5-char password', { method: 'email', name: 'Ada', email: 'a@b.co', password: '12345' }, m.passwordTooShort],
    ['a short phone', { method: 'phone', name: 'Ada', phone: '12345', password: 'secret' }, m.invalidPhone],
    ['a phone name of 1', { method: 'phone', name: 'A', phone: '(555) 123-4567', password: 'secret' }, m.nameTooShort],
  ])('sign up refuses %s', (_name, input, message) => {
    expect(firstMessage(SignUpSchema.safeParse(input))).toBe(message);
  });

  it('accepts the US-style phone of the placeholder and an international one', () => {
    expect(SignInSchema.safeParse({ method: 'phone', phone: '(555) 123-4567', password: 'x' }).success).toBe(true);
    expect(SignInSchema.safeParse({ method: 'phone', phone: '+44 20 7946 0958', password: 'x' }).success).toBe(true);
  });

  it('the store itself refuses invalid input without writing anything', async () => {
    const result = await store.register({ method: 'email', name: 'A', email: 'a@b.co', password: 'secret' });
    expect(result).toEqual({ ok: false, code: 'invalid-input' });
    expect(localStorage.length).toBe(0);
  });
});

describe('duplicates', () => {
  it('refuses an email already registered, whatever its case or spaces', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'Ada@Example.com', password: PASSWORD });
    const again = await store.register({
      method: 'email',
      name: 'Eve',
      email: '  ada@EXAMPLE.com',
      password: 'other1',
    });
    expect(again).toEqual({ ok: false, code: 'email-taken' });
    expect(storedUsers()).toHaveLength(1);
  });

  it('refuses a phone already registered, whatever its format, and signs in by its digits', async () => {
    await store.register({ method: 'phone', name: 'Ada', phone: '(555) 123-4567', password: PASSWORD });
    const again = await store.register({ method: 'phone', name: 'Eve', phone: '555.123.4567', password: 'other1' });
    expect(again).toEqual({ ok: false, code: 'phone-taken' });
    store.logOut();
    const signedIn = await store.logIn({ method: 'phone', phone: '555-123-4567', password: PASSWORD });
    expect(signedIn.ok && signedIn.account.phone).toBe('(555) 123-4567');
  });
});

describe('corrupt storage never throws, keeps what is valid and reports once', () => {
  it.each([
    ['not JSON', '{"users": [oops'],
    ['not a list', '{"ada": {"password": "plain"}}'],
    ['a number', '42'],
  ])('users holding %s reads as no account', async (_name, raw) => {
    localStorage.setItem(ACCOUNT_STORAGE_KEYS.users, raw);
    localStorage.setItem(
      ACCOUNT_STORAGE_KEYS.currentUser,
      '{"id":"x","name":"Ghost","createdAt":"now","email":"g@h.io"}',
    );
    expect(store.currentAccount()).toBeNull();
    store.currentAccount();
    expect(store.storageIssues()).toHaveLength(1);
    expect(warn).toHaveBeenCalledTimes(1);
    // Registering afterwards works; the unreadable value is replaced.
    expect((await store.register({ method: 'email', name: 'Ada', email: 'a@b.co', password: PASSWORD })).ok).toBe(true);
  });

  it('skips foreign entries, keeps them untouched on write, and names no user data in the warning', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    const [ada] = storedUsers();
    const foreign = [{ id: '1', name: 'Legacy', email: 'legacy@example.com', password: 'plain-text' }, 'junk', null];
    localStorage.setItem(ACCOUNT_STORAGE_KEYS.users, JSON.stringify([ada, ...foreign]));
    store = fresh();
    const issues: unknown[] = [];
    store.onStorageIssue((issue) => issues.push(issue));
    expect(store.currentAccount()?.email).toBe('ada@example.com');
    expect(issues).toEqual([{ key: 'users', kind: 'unreadable-entries', count: 3 }]);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).not.toMatch(/legacy|plain-text|ada@|example/i);

    expect((await store.updateProfile({ name: 'Ada L.' })).ok).toBe(true);
    expect(storedUsers()).toEqual(expect.arrayContaining(foreign));
    expect(store.currentAccount()?.name).toBe('Ada L.');
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('reads a damaged currentUser as signed out', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    for (const raw of ['nonsense{', '[]', '{"id":5}', '{"id":"nobody","name":"X","createdAt":"t","email":"x@y.z"}']) {
      localStorage.setItem(ACCOUNT_STORAGE_KEYS.currentUser, raw);
      expect(store.currentAccount()).toBeNull();
      expect(readSession(localStorage)).toBeNull();
    }
  });

  it('skips a damaged saved-image record and keeps the rest', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    await store.saveImage({ url: 'https://example.com/a.png', name: 'a.png', source: 'page' });
    const users = storedUsers() as { downloads: unknown[] }[];
    users[0]?.downloads.push({ id: 7 }, 'junk');
    localStorage.setItem(ACCOUNT_STORAGE_KEYS.users, JSON.stringify(users));
    expect(store.currentAccount()?.downloads.map((d) => d.name)).toEqual(['a.png']);
  });
});

describe('a full storage', () => {
  it('shows the storage-full toast and leaves the previous state intact', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    const before = everythingStored();
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    });
    expect(
      await store.register({ method: 'email', name: 'Bob', email: 'bob@example.com', password: PASSWORD }),
    ).toEqual({
      ok: false,
      code: 'storage-full',
    });
    expect(await store.saveImage({ url: 'https://example.com/a.png', name: 'a.png', source: 'page' })).toEqual({
      ok: false,
      code: 'storage-full',
    });
    expect(toastError).toHaveBeenCalledWith(m.storageFull.title, m.storageFull.description);
    expect(everythingStored()).toBe(before);
    expect(store.currentAccount()?.email).toBe('ada@example.com');
  });

  it('undoes the first of two writes when the second fails', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    const before = everythingStored();
    const realSetItem = Storage.prototype.setItem;
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(function (this: Storage, key: string, value: string) {
      if (key === ACCOUNT_STORAGE_KEYS.currentUser) throw new DOMException('full', 'QuotaExceededError');
      realSetItem.call(this, key, value);
    });
    expect(await store.updateProfile({ name: 'Someone Else' })).toEqual({ ok: false, code: 'storage-full' });
    expect(everythingStored()).toBe(before);
  });
});

describe('tabs stay in sync', () => {
  it('a logout in another tab (a storage event) signs this tab out', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    expect(store.currentAccount()).not.toBeNull();
    // What the other tab does, then what the browser tells this one.
    localStorage.removeItem(ACCOUNT_STORAGE_KEYS.currentUser);
    window.dispatchEvent(
      new StorageEvent('storage', { key: ACCOUNT_STORAGE_KEYS.currentUser, oldValue: '{}', newValue: null }),
    );
    expect(listener).toHaveBeenCalledTimes(1);
    expect(store.currentAccount()).toBeNull();
    window.dispatchEvent(new StorageEvent('storage', { key: 'someone-elses-key' }));
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('every subscriber in this tab hears a write made here', async () => {
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    expect(listener).toHaveBeenCalledTimes(1);
    store.logOut();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});

describe('saved images', () => {
  const pngDataUrl =
    'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

  beforeEach(async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
  });

  it('keeps a web image as its address, once', async () => {
    const image = { url: 'https://example.com/cat.jpg', name: 'cat.jpg', source: 'page' };
    const first = await store.saveImage(image);
    const second = await store.saveImage(image);
    expect(first.ok && first.alreadySaved).toBe(false);
    expect(second.ok && second.alreadySaved).toBe(true);
    expect(store.currentAccount()?.downloads).toEqual([
      { id: expect.any(String), url: image.url, name: 'cat.jpg', source: 'page', date: expect.any(String) },
    ]);
    expect(store.savedItemFor(image)?.url).toBe(image.url);
    expect(bytes.map.size).toBe(0);
  });

  it('keeps a device image’s bytes in the byte store, the record in localStorage, and deletes both', async () => {
    const saved = await store.saveImage({ url: pngDataUrl, name: 'page-1.png', source: 'pdf' });
    if (!saved.ok) throw new Error(saved.code);
    expect(saved.item.url).toBe(`local:${saved.item.id}`);
    expect(localStorage.getItem(ACCOUNT_STORAGE_KEYS.users)).not.toContain('iVBORw0KGgo');
    const blob = await store.readSavedImage(saved.item);
    const signature = new Uint8Array((await blob?.arrayBuffer()) ?? new ArrayBuffer(0)).slice(1, 4);
    expect(new TextDecoder().decode(signature)).toBe('PNG');
    // The same bytes under another address are the same saved image.
    const again = await store.saveImage({ url: `${pngDataUrl}`, name: 'copy.png', source: 'pdf' });
    expect(again.ok && again.alreadySaved).toBe(true);
    store = fresh();
    const afterReload = await store.saveImage({ url: pngDataUrl, name: 'page-1.png', source: 'pdf' });
    expect(afterReload.ok && afterReload.alreadySaved).toBe(true);
    expect(store.currentAccount()?.downloads).toHaveLength(1);

    expect((await store.deleteDownload(saved.item.id)).ok).toBe(true);
    expect(store.currentAccount()?.downloads).toEqual([]);
    expect(bytes.map.size).toBe(0);
  });

  it('refuses an image it cannot read and saves nothing while signed out', async () => {
    expect(await store.saveImage({ url: 'blob:null/no-such-blob', name: 'x.png', source: 'video' })).toEqual({
      ok: false,
      code: 'unreadable-image',
    });
    store.logOut();
    expect(await store.saveImage({ url: 'https://example.com/a.png', name: 'a.png', source: 'page' })).toEqual({
      ok: false,
      code: 'not-signed-in',
    });
  });

  it('a profile save needs a name and keeps the old photo when none is given', async () => {
    expect(await store.updateProfile({ name: '  ' })).toEqual({ ok: false, code: 'invalid-input' });
    expect((await store.updateProfile({ name: 'Ada', profilePic: 'data:image/png;base64,AAAA' })).ok).toBe(true);
    expect((await store.updateProfile({ name: 'Ada L', profilePic: '' })).ok).toBe(true);
    expect(store.currentAccount()).toMatchObject({ name: 'Ada L', profilePic: 'data:image/png;base64,AAAA' });
    expect(readSession(localStorage)).toMatchObject({ name: 'Ada L', profilePic: 'data:image/png;base64,AAAA' });
  });
});

describe('the schemas load when first needed, not with the store', () => {
  const realSchemas = () => import('../src/account/schemas.ts');
  /** A loader whose schemas arrive when the test says so. */
  function heldLoader() {
    let arrive: () => void = () => {};
    const load = vi.fn(
      () => new Promise<AccountSchemas>((resolve, reject) => (arrive = () => realSchemas().then(resolve, reject))),
    );
    return { load, arrive: () => arrive() };
  }
  const storeLoadingWith = (loadSchemas: () => Promise<AccountSchemas>) =>
    createAccountStore({
      bytes,
      warn,
      toasts: { error: toastError as never },
      storage: () => localStorage,
      loadSchemas,
    });

  it('a browser with nothing stored answers at once and never loads them', async () => {
    const load = vi.fn(realSchemas);
    const lazy = storeLoadingWith(load);
    expect(lazy.currentAccount()).toBeNull();
    expect(lazy.storageIssues()).toEqual([]);
    await lazy.ready();
    lazy.logOut();
    expect(load).not.toHaveBeenCalled();
  });

  it('with an account stored, reads answer "no account" until they arrive, then subscribers hear the account', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    await store.saveImage({ url: 'https://example.com/a.png', name: 'a.png', source: 'page' });
    const { load, arrive } = heldLoader();
    const lazy = storeLoadingWith(load);
    const listener = vi.fn();
    const unsubscribe = lazy.subscribe(listener);
    let ready = false;
    const whenReady = lazy.ready().then(() => {
      ready = true;
    });
    expect(lazy.currentAccount()).toBeNull();
    expect(lazy.savedItemFor({ url: 'https://example.com/a.png', name: 'a.png', source: 'page' })).toBeUndefined();
    await Promise.resolve();
    expect(ready).toBe(false);
    arrive();
    await whenReady;
    expect(listener).toHaveBeenCalledTimes(1);
    expect(lazy.currentAccount()).toMatchObject({ email: 'ada@example.com', downloads: [{ name: 'a.png' }] });
    expect(load).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('saving, deleting and a profile change wait for them instead of answering "not signed in"', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    const { load, arrive } = heldLoader();
    const lazy = storeLoadingWith(load);
    const saving = lazy.saveImage({ url: 'https://example.com/a.png', name: 'a.png', source: 'page' });
    const renaming = lazy.updateProfile({ name: 'Ada L.' });
    arrive();
    expect((await saving).ok).toBe(true);
    expect((await renaming).ok).toBe(true);
    const [item] = lazy.currentAccount()?.downloads ?? [];
    expect((await lazy.deleteDownload(item?.id ?? '')).ok).toBe(true);
    expect(lazy.currentAccount()).toMatchObject({ name: 'Ada L.', downloads: [] });
  });

  it('damage they alone can see is reported when they arrive, once, to the listeners already there', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    const [ada] = storedUsers();
    localStorage.setItem(ACCOUNT_STORAGE_KEYS.users, JSON.stringify([ada, 'junk', { id: '1', password: 'plain' }]));
    localStorage.setItem(ACCOUNT_STORAGE_KEYS.currentUser, '[1,2,3]');
    const { load, arrive } = heldLoader();
    const lazy = storeLoadingWith(load);
    const heard: unknown[] = [];
    lazy.onStorageIssue((issue) => heard.push(issue));
    expect(lazy.storageIssues()).toEqual([]);
    expect(lazy.currentAccount()).toBeNull();
    arrive();
    await lazy.ready();
    const expected = [
      { key: 'users', kind: 'unreadable-entries', count: 2 },
      { key: 'currentUser', kind: 'wrong-shape' },
    ];
    expect(heard).toEqual(expected);
    expect(lazy.storageIssues()).toEqual(expected);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('what needs no schema to judge (not JSON, not a list) is reported at once', () => {
    localStorage.setItem(ACCOUNT_STORAGE_KEYS.users, '{"users": [oops');
    const lazy = storeLoadingWith(heldLoader().load);
    expect(lazy.storageIssues()).toEqual([{ key: 'users', kind: 'not-json' }]);
  });

  it('if they cannot be loaded, nothing throws: reads stay "no account", sign-in fails with storage, and a later try loads them', async () => {
    await store.register({ method: 'email', name: 'Ada', email: 'ada@example.com', password: PASSWORD });
    store.logOut();
    const load = vi
      .fn<() => Promise<AccountSchemas>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockImplementation(realSchemas);
    const lazy = storeLoadingWith(load);
    expect(lazy.storageIssues()).toEqual([]);
    await lazy.ready();
    expect(lazy.currentAccount()).toBeNull();
    expect(await lazy.logIn({ method: 'email', email: 'ada@example.com', password: PASSWORD })).toEqual({
      ok: false,
      code: 'storage',
    });
    expect((await lazy.logIn({ method: 'email', email: 'ada@example.com', password: PASSWORD })).ok).toBe(true);
    expect(lazy.currentAccount()?.email).toBe('ada@example.com');
  });
});
