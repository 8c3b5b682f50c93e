import type { z } from 'zod';

/** `[path, message]` of every issue a schema reports; `[]` when valid. */
export function issuesOf(
  schema: z.ZodType,
  input: unknown,
): [string, string][] {
  const result = schema.safeParse(input);
  return result.success
    ? []
    : result.error.issues.map((issue) => [issue.path.join('.'), issue.message]);
}
