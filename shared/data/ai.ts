import type { SupabaseClient } from '@supabase/supabase-js';
import {
  AI_MESSAGES,
  aiErrorMessage,
  processFeedbackResponseSchema,
  type ProcessFeedbackInput,
  type StructuredFeedback,
} from '../domain/validation/ai.ts';

/** A failed processing; `message` is the text the page shows in red (spec §8). */
export class ProcessFeedbackError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProcessFeedbackError';
  }
}

/** The error body of a non-2xx answer, when it has one. */
async function errorBody(error: unknown): Promise<unknown> {
  const context = (error as { context?: unknown } | null)?.context;
  if (!(context instanceof Response)) return null;
  try {
    return await context.json();
  } catch {
    return null;
  }
}

/**
 * Calls the process-feedback function (spec §7) and answers its structured
 * feedback. Throws ProcessFeedbackError with the returned error, else
 * 'Unknown error occurred' when success is false without detail, else
 * 'Failed to process feedback'.
 */
export async function processFeedback(
  client: SupabaseClient,
  input: ProcessFeedbackInput,
): Promise<StructuredFeedback> {
  const { data, error } = await client.functions.invoke('process-feedback', {
    body: input,
  });
  if (error) {
    const body = (await errorBody(error)) as {
      success?: boolean;
      error?: string | null;
    } | null;
    throw new ProcessFeedbackError(
      aiErrorMessage(
        body && typeof body === 'object'
          ? { success: body.success, error: body.error }
          : null,
      ),
    );
  }
  const parsed = processFeedbackResponseSchema.safeParse(data);
  if (!parsed.success) {
    const answer = data as { success?: unknown; error?: unknown } | null;
    throw new ProcessFeedbackError(
      answer?.success === false
        ? aiErrorMessage({
            success: false,
            error: typeof answer.error === 'string' ? answer.error : null,
          })
        : AI_MESSAGES.failed,
    );
  }
  if (!parsed.data.success)
    throw new ProcessFeedbackError(aiErrorMessage(parsed.data));
  return parsed.data.structuredFeedback;
}
