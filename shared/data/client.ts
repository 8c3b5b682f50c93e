import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../db/database.types.ts';
import { tooManyAttemptsMessage } from '../domain/validation/retry-message.ts';
import { recentRetryAfter } from './retry-after.ts';

/** The typed supabase-js client every data function takes first. */
export type Client = SupabaseClient<Database>;

export type Tables<T extends keyof Database['public']['Tables']> =
  Database['public']['Tables'][T]['Row'];

export type RpcRows<F extends keyof Database['public']['Functions']> =
  Database['public']['Functions'][F]['Returns'];

/**
 * A failed backend call, with the PostgREST / Storage / Auth code kept so
 * callers can tell a duplicate vote (23505) from a network failure.
 */
export class DataError extends Error {
  override name = 'DataError';
  constructor(
    message: string,
    readonly code: string | undefined,
    readonly status: number | undefined,
  ) {
    super(message);
  }
}

interface ErrorLike {
  message?: string;
  code?: string | number;
  status?: number;
  statusCode?: string | number;
}

/**
 * Turns a supabase-js `{ error }` into a thrown {@link DataError}. A 429
 * (GoTrue's "Request rate limit reached", "email rate limit exceeded") gets
 * a message that says when to try again.
 */
export function toDataError(error: ErrorLike): DataError {
  const status =
    error.status ??
    (error.statusCode !== undefined ? Number(error.statusCode) : undefined);
  const limited =
    status === 429 &&
    !/^For security purposes/.test(error.message ?? '') &&
    tooManyAttemptsMessage(recentRetryAfter());
  return new DataError(
    limited || error.message || 'Something went wrong',
    error.code !== undefined ? String(error.code) : undefined,
    Number.isFinite(status) ? status : undefined,
  );
}

/**
 * The error of `functions.invoke` as a {@link DataError}: the function's own
 * `{ error }` words and status when it answered, else supabase-js's.
 */
export async function functionError(error: unknown): Promise<DataError> {
  const context = (error as { context?: unknown }).context;
  if (context instanceof Response) {
    const body = (await context.json().catch(() => null)) as {
      error?: string;
    } | null;
    return new DataError(
      body?.error ?? (error as Error).message,
      undefined,
      context.status,
    );
  }
  return toDataError(error as ErrorLike);
}

/** The data of a supabase-js result, or its error thrown. */
export function unwrap<T>(result: {
  data: T | null;
  error: ErrorLike | null;
  /** PostgREST answers keep the HTTP status here, not on the error. */
  status?: number;
}): T {
  if (result.error) {
    const { message, code, status, statusCode } = result.error;
    throw toDataError({
      message,
      code,
      statusCode,
      status: status ?? result.status,
    });
  }
  return result.data as T;
}

/**
 * The text a failure toast shows: the spec's fixed `text`, except for a
 * rate-limited call (429), which says when to try again instead. Raw server
 * text is never appended to the spec's texts.
 */
export function failureText(err: unknown, text: string): string {
  return err instanceof DataError && err.status === 429 ? err.message : text;
}
