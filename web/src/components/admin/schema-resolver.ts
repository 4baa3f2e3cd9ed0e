import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

export interface Issue {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** What a zod schema from `@portal/common` offers; web does not depend on zod itself. */
export interface SafeParser<Output> {
  safeParse(
    input: unknown,
  ): { success: true; data: Output } | { success: false; error: { readonly issues: readonly Issue[] } };
}

/**
 * A react-hook-form resolver from a shared schema, so a form shows exactly the rules and Arabic messages the
 * server applies (one implementation of each rule). The first message of each field wins. Flat forms only: a
 * form whose values are not the request's shape gives `toRequest` (values → the request) and `fieldOf` (an
 * issue → the form field that shows it).
 */
export function schemaResolver<Values extends FieldValues, Output>(
  schema: SafeParser<Output>,
  {
    toRequest = (values) => values,
    fieldOf = (issue) => issue.path.map(String).join('.'),
  }: { toRequest?: (values: Values) => unknown; fieldOf?: (issue: Issue) => string } = {},
): Resolver<Values, unknown, Output> {
  return (values) => {
    const result = schema.safeParse(toRequest(values));
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, { type: string; message: string }> = {};
    for (const issue of result.error.issues) {
      const name = fieldOf(issue);
      errors[name] ??= { type: 'validate', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<Values> };
  };
}
