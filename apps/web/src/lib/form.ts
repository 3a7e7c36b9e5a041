import type { z } from 'zod';

export type FieldErrors<T> = Partial<Record<keyof T & string, string>>;

/**
 * Checks form values with the same zod schema the server uses and returns either the parsed data
 * or the first message per field, ready to show under each input.
 */
export function validate<S extends z.ZodType>(
  schema: S,
  values: unknown,
):
  | { data: z.output<S>; errors?: undefined }
  | { data?: undefined; errors: FieldErrors<z.input<S>> } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? '');
    errors[field] ??= issue.message;
  }
  return { errors: errors as FieldErrors<z.input<S>> };
}
