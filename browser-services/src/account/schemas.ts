/**
 * The zod schemas the account store checks with, in one small module that the store loads with
 * `import()` when it first needs them (`storage.ts`'s `loadAccountSchemas`): reading stored
 * accounts, registering, signing in, a profile or password change. The store itself stays free of
 * zod, so a page that only takes `accountStore` (and a fresh browser, which has no stored account
 * to check) does not download it.
 */
export {
  CurrentUserSchema,
  DownloadItemSchema,
  NewPasswordFieldSchema,
  // How addresses are compared, by the same rules as the schemas (they live beside them).
  normaliseEmail,
  ProfileUpdateSchema,
  phoneDigits,
  SignInSchema,
  SignUpSchema,
  StoredUserSchema,
} from 'shared-contracts';
