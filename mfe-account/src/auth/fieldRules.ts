import { zodRule } from 'shared-ui';

type FieldSchemas = typeof import('./fieldSchemas.ts');

/**
 * The Form rules of the account forms: each field's shared-contracts schema, loaded (with zod)
 * when a field is first validated, not with the page. Exactly the schemas' own messages.
 */
const fieldRule = (name: keyof FieldSchemas) => [
  zodRule(() => import('./fieldSchemas.ts').then((schemas) => schemas[name])),
];

export const FIELD_RULES = {
  email: fieldRule('EmailFieldSchema'),
  phone: fieldRule('PhoneFieldSchema'),
  name: fieldRule('NameFieldSchema'),
  newPassword: fieldRule('NewPasswordFieldSchema'),
  signInPassword: fieldRule('SignInPasswordFieldSchema'),
};
