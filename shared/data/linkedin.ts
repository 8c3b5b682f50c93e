import type { SupabaseClient } from '@supabase/supabase-js';
import type {
  LinkedinExchangeRequest,
  LinkedinExchangeResponse,
} from '../domain/linkedin.ts';

/** A refused exchange, with the function's message. */
export class LinkedinVerificationError extends Error {
  override name = 'LinkedinVerificationError';
  constructor(
    message: string,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

/**
 * Sends the callback's code and state to the `linkedin-oauth` function,
 * which exchanges them server-side and awards +30 XP once.
 */
export async function verifyLinkedin(
  client: SupabaseClient,
  request: LinkedinExchangeRequest,
): Promise<LinkedinExchangeResponse> {
  const { data, error } =
    await client.functions.invoke<LinkedinExchangeResponse>('linkedin-oauth', {
      body: request,
    });
  if (error) {
    const context = (error as { context?: unknown }).context;
    let message = 'LinkedIn verification failed.';
    let status: number | undefined;
    if (context instanceof Response) {
      status = context.status;
      try {
        const body = (await context.json()) as { error?: unknown };
        if (typeof body.error === 'string') message = body.error;
      } catch {
        // Not JSON: keep the generic message.
      }
    }
    throw new LinkedinVerificationError(message, status);
  }
  if (!data?.success) {
    throw new LinkedinVerificationError(
      data?.error ?? 'LinkedIn verification failed.',
      undefined,
    );
  }
  return data;
}
