import type { Account, ProfileUpdate, SignInInput, SignUpInput, StoredUser } from 'shared-contracts';
import { logOut as endSession } from './session.ts';
import {
  type AccountFailure,
  type AccountResult,
  type AccountSchemas,
  type AccountStorage,
  newId,
  publicFields,
} from './storage.ts';

/**
 * Who is signed in: registering, signing in and out, the profile and the password of the
 * signed-in account. Passwords are hashed (`password.ts`) before anything is written.
 *
 * The input schemas and the hashing code load when the first of these starts (both at once), not
 * with the page: every operation here is async. If they cannot be loaded (the site went offline),
 * the operation fails with `storage`, which the pages show as "a problem, please try again".
 */

type Password = typeof import('./password.ts');

const loadPassword = (): Promise<Password> => import('./password.ts');

/** Verifying against this when no account matches keeps a wrong address as slow as a wrong password. */
let decoy: ReturnType<Password['hashPassword']> | undefined;

const unavailable: AccountFailure = { ok: false, code: 'storage' };

export function createAuth(accounts: AccountStorage) {
  /** The schemas and the hashing code, loaded together; undefined if they cannot be. */
  async function tools(): Promise<{ schemas: AccountSchemas; password: Password } | undefined> {
    try {
      const [schemas, password] = await Promise.all([accounts.schemas(), loadPassword()]);
      return { schemas, password };
    } catch {
      return undefined;
    }
  }

  function isTaken(
    { normaliseEmail, phoneDigits }: AccountSchemas,
    users: readonly StoredUser[],
    input: SignUpInput,
  ): AccountFailure | undefined {
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

  /** Creates an account and signs it in (registering signs the visitor in at once: no second step). */
  async function register(input: SignUpInput): Promise<AccountResult<{ account: Account }>> {
    const loaded = await tools();
    if (!loaded) return unavailable;
    const { schemas, password: hashing } = loaded;
    const parsed = schemas.SignUpSchema.safeParse(input);
    if (!parsed.success) return { ok: false, code: 'invalid-input' };
    const data = parsed.data;
    const taken = isTaken(schemas, accounts.readUsers().users, data);
    if (taken) return taken;
    const password = await hashing.hashPassword(data.password);
    // Hashing takes a moment: another tab may have registered the same address meanwhile.
    const users = accounts.readUsers();
    const takenNow = isTaken(schemas, users.users, data);
    if (takenNow) return takenNow;
    const user: StoredUser = {
      id: newId(),
      name: data.name,
      ...(data.method === 'email' ? { email: schemas.normaliseEmail(data.email) } : { phone: data.phone }),
      password,
      downloads: [],
      createdAt: new Date().toISOString(),
    };
    const written = accounts.write({ users: [...users.users, user], foreign: users.foreign }, publicFields(user));
    if (!written.ok) return written;
    return { ok: true, account: { ...publicFields(user), downloads: [] } };
  }

  async function logIn(input: SignInInput): Promise<AccountResult<{ account: Account }>> {
    const loaded = await tools();
    if (!loaded) return unavailable;
    const { schemas, password: hashing } = loaded;
    const { hashPassword, verifyPassword } = hashing;
    const { normaliseEmail, phoneDigits } = schemas;
    const parsed = schemas.SignInSchema.safeParse(input);
    if (!parsed.success) return { ok: false, code: 'invalid-input' };
    const data = parsed.data;
    const users = accounts.readUsers();
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
    const written = accounts.write(users, publicFields(user));
    if (!written.ok) return written;
    return { ok: true, account: accounts.currentAccount() ?? { ...publicFields(user), downloads: [] } };
  }

  /** The display name must not be empty; a blank photo keeps the old one. */
  async function updateProfile(update: ProfileUpdate): Promise<AccountResult> {
    const schemas = await accounts.schemas().catch(() => undefined);
    if (!schemas) return unavailable;
    const parsed = schemas.ProfileUpdateSchema.safeParse(update);
    if (!parsed.success) return { ok: false, code: 'invalid-input' };
    const { name, profilePic } = parsed.data;
    return accounts.updateSignedIn((user) => ({ ...user, name, ...(profilePic?.trim() ? { profilePic } : {}) }));
  }

  async function changePassword(current: string, next: string): Promise<AccountResult> {
    const loaded = await tools();
    if (!loaded) return unavailable;
    const { hashPassword, verifyPassword } = loaded.password;
    if (!loaded.schemas.NewPasswordFieldSchema.safeParse(next).success) return { ok: false, code: 'invalid-input' };
    const user = accounts.signedInUser();
    if (!user) return { ok: false, code: 'not-signed-in' };
    if (!(await verifyPassword(current, user.password))) return { ok: false, code: 'wrong-password' };
    const password = await hashPassword(next);
    return accounts.updateSignedIn((u) => ({ ...u, password }));
  }

  return {
    register,
    logIn,
    /** Signs out in this tab and, through the `storage` event, in every other tab. */
    logOut: () => endSession(accounts.storage()),
    updateProfile,
    changePassword,
  };
}

export type Auth = ReturnType<typeof createAuth>;
