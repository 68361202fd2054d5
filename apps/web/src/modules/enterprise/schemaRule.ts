import type { FormRule } from 'antd';

/** What the form needs of a contracts' zod schema (structural: the web app does not import zod itself). */
export interface FieldSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly { code: string }[] } };
}

/**
 * An antd form rule that asks the field's schema from @lintel/contracts, so the dialog refuses exactly what
 * the server would refuse; `message` words the first problem by its zod issue code ('too_small',
 * 'too_big', …) in the current language.
 */
export function schemaRule(schema: FieldSchema, message: (code: string) => string): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = schema.safeParse(value ?? '');
      if (!result.success) throw new Error(message(result.error.issues[0]?.code ?? ''));
    },
  };
}
