import type * as z from 'zod/mini';

/**
 * A schema, or a function that loads it (`() => import('./schemas.ts').then((s) => s.EmailFieldSchema)`):
 * a form whose schemas come through a loader does not download zod with the page, only when a
 * field is first validated.
 */
export type SchemaSource = z.ZodMiniType | (() => Promise<z.ZodMiniType>);

/**
 * A rule of the design system's Form (`Form.Item rules`) that validates a field with a zod schema,
 * so a form shows exactly the messages of the schema the server also checks with. One schema, one
 * set of messages. A loader runs on the first validation (validators are async) and once only; a
 * load that fails is tried again on the next validation.
 */
export function zodRule(source: SchemaSource) {
  let schema: Promise<z.ZodMiniType> | undefined;
  const schemaOf = (): Promise<z.ZodMiniType> => {
    if (typeof source !== 'function') return Promise.resolve(source);
    schema ??= source().catch((error: unknown) => {
      schema = undefined;
      throw error;
    });
    return schema;
  };
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = (await schemaOf()).safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}
