import * as z from 'zod/mini';
import { MESSAGES } from '../messages/catalogue.ts';
import { PASSWORD_ALGORITHM, type PasswordRecordShape, type SessionUser } from './keys.ts';

const m = MESSAGES.account;

/** The shortest name and passwords a form accepts. */
export const NAME_MIN_LENGTH = 2;
export const SIGN_UP_PASSWORD_MIN_LENGTH = 6;
export const SIGN_IN_PASSWORD_MIN_LENGTH = 1;
/** At least 10; we count digits, which is what a phone number is compared by. */
export const PHONE_MIN_DIGITS = 10;
/** E.164's longest number. */
export const PHONE_MAX_DIGITS = 15;
/** The lowest count a stored record may carry; anything weaker is not ours and is ignored. */
export const PBKDF2_MIN_ITERATIONS = 600_000;

export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const phoneDigits = (phone: string) => phone.replace(/\D/g, '');

// ---- form fields: the catalogue's validation messages ----
// zod/mini loads no locale: a check without a message of its own says only "Invalid input", so
// every check whose message a form shows carries the catalogue's.

export const EmailFieldSchema = z.pipe(z.string().check(z.trim()), z.email({ error: m.invalidEmail }));
export const PhoneFieldSchema = z.string().check(
  z.trim(),
  z.refine((phone) => {
    const digits = phoneDigits(phone).length;
    return /^\+?[\d\s().-]+$/.test(phone) && digits >= PHONE_MIN_DIGITS && digits <= PHONE_MAX_DIGITS;
  }, m.invalidPhone),
);
export const NameFieldSchema = z.string().check(z.trim(), z.minLength(NAME_MIN_LENGTH, m.nameTooShort));
export const NewPasswordFieldSchema = z.string().check(z.minLength(SIGN_UP_PASSWORD_MIN_LENGTH, m.passwordTooShort));
export const SignInPasswordFieldSchema = z.string().check(z.minLength(SIGN_IN_PASSWORD_MIN_LENGTH, m.passwordRequired));

/** How an account signs in: by email or by phone, exactly one. */
export const LOGIN_METHODS = ['email', 'phone'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

export const SignInSchema = z.discriminatedUnion('method', [
  z.object({ method: z.literal('email'), email: EmailFieldSchema, password: SignInPasswordFieldSchema }),
  z.object({ method: z.literal('phone'), phone: PhoneFieldSchema, password: SignInPasswordFieldSchema }),
]);
export type SignInInput = z.infer<typeof SignInSchema>;

export const SignUpSchema = z.discriminatedUnion('method', [
  z.object({
    method: z.literal('email'),
    name: NameFieldSchema,
    email: EmailFieldSchema,
    password: NewPasswordFieldSchema,
  }),
  z.object({
    method: z.literal('phone'),
    name: NameFieldSchema,
    phone: PhoneFieldSchema,
    password: NewPasswordFieldSchema,
  }),
]);
export type SignUpInput = z.infer<typeof SignUpSchema>;

export const ProfileUpdateSchema = z.object({
  name: z.string().check(z.trim(), z.minLength(1)),
  /** A data: URL; left out (or blank), the old photo stays. */
  profilePic: z.optional(z.string()),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

// ---- what is stored ----

const base64 = z.string().check(z.regex(/^[A-Za-z0-9+/]+={0,2}$/));

export const PasswordRecordSchema = z.object({
  algorithm: z.literal(PASSWORD_ALGORITHM),
  iterations: z.number().check(z.int(), z.gte(PBKDF2_MIN_ITERATIONS)),
  salt: base64,
  hash: base64,
});
export type PasswordRecord = z.infer<typeof PasswordRecordSchema>;

/**
 * A saved image. `url` is its http(s) address, or `local:<id>` when its bytes live in IndexedDB
 * under `id` (images made on the device: document images, video frames, data: URLs).
 */
export const DownloadItemSchema = z.object({
  id: z.string().check(z.minLength(1)),
  url: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  /** Where it was extracted from: an ExtractedImage source kind (`page`, `pdf`, `video`…). */
  source: z.string(),
  /** ISO timestamp of the save. */
  date: z.string(),
});
export type DownloadItem = z.infer<typeof DownloadItemSchema>;

const oneWayToSignIn = (user: { email?: string | undefined; phone?: string | undefined }) =>
  Boolean(user.email) !== Boolean(user.phone);

const accountFields = {
  id: z.string().check(z.minLength(1)),
  name: z.string().check(z.minLength(1)),
  email: z.optional(z.string().check(z.minLength(1))),
  phone: z.optional(z.string().check(z.minLength(1))),
  profilePic: z.optional(z.string().check(z.minLength(1))),
  createdAt: z.string().check(z.minLength(1)),
};

/** `currentUser`: the signed-in account without its password record or saved images. */
export const CurrentUserSchema = z.object(accountFields).check(z.refine(oneWayToSignIn));
export type CurrentUser = z.infer<typeof CurrentUserSchema>;

/**
 * One entry of `users`. `downloads` is checked item by item (a damaged item is skipped, not the
 * whole account), so here it only has to be a list.
 */
export const StoredUserSchema = z
  .object({ ...accountFields, password: PasswordRecordSchema, downloads: z.array(z.unknown()) })
  .check(z.refine(oneWayToSignIn));
export type StoredUser = z.infer<typeof StoredUserSchema>;

/** The signed-in account as screens see it: no password record, only readable saved images. */
export type Account = CurrentUser & { downloads: DownloadItem[] };

// The zod-free reader of the header and these schemas describe the same thing.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const sessionMatchesSchema: Same<SessionUser, CurrentUser> = true;
const passwordMatchesSchema: Same<PasswordRecordShape, PasswordRecord> = true;
void sessionMatchesSchema;
void passwordMatchesSchema;
