/**
 * The zod schemas of the Sign In and Sign Up fields (shared-contracts', with the catalogue's messages),
 * in a module of their own: `fieldRules.ts` loads it with `import()` on a form's first validation,
 * so zod is not part of the pages' first load.
 */
export {
  EmailFieldSchema,
  NameFieldSchema,
  NewPasswordFieldSchema,
  PhoneFieldSchema,
  SignInPasswordFieldSchema,
} from 'shared-contracts';
