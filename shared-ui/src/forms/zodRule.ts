import type * as z from 'zod/mini';

/**
 * An antd Form rule that validates a field with a zod schema, so a form shows exactly the messages
 * of the schema the server also checks with. One schema, one set of messages.
 */
export function zodRule(schema: z.ZodMiniType) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid value');
    },
  };
}
