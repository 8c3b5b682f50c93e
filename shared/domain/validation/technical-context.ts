/**
 * The shape and limits of a technical context (issue #26), as the database
 * checks them (`private.technical_context_valid`): what the extension sends
 * and what a company's panel reads back.
 */

import { z } from 'zod';
import { CONTEXT_LIMITS, type TechnicalContext } from '../technical-context.ts';

const at = z.iso.datetime({ offset: true });

export const technicalContextSchema: z.ZodType<TechnicalContext> =
  z.strictObject({
    environment: z.strictObject({
      browser: z.string().min(1).max(CONTEXT_LIMITS.label).optional(),
      os: z.string().min(1).max(CONTEXT_LIMITS.label).optional(),
      viewport: z
        .string()
        .regex(/^\d{1,5}×\d{1,5}$/)
        .optional(),
      devicePixelRatio: z.number().min(0.1).max(10).optional(),
      language: z
        .string()
        .regex(/^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8}){0,4}$/)
        .optional(),
    }),
    consoleErrors: z
      .array(
        z.strictObject({
          kind: z.enum(['error', 'rejection']),
          message: z.string().min(1).max(CONTEXT_LIMITS.message),
          at,
        }),
      )
      .max(CONTEXT_LIMITS.entries),
    failedRequests: z
      .array(
        z.strictObject({
          method: z.string().regex(/^[A-Z]{1,10}$/),
          status: z.number().int().min(0).max(599),
          url: z
            .string()
            .min(1)
            .max(CONTEXT_LIMITS.url)
            .regex(/^[^?#]*$/),
          at,
        }),
      )
      .max(CONTEXT_LIMITS.entries),
  });

/** A stored value read back as a context (companies and authors): null when it is none. */
export function parseTechnicalContext(value: unknown): TechnicalContext | null {
  const parsed = technicalContextSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}
