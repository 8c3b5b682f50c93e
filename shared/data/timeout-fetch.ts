/**
 * Requests that give up: with the network gone a fetch can wait for minutes
 * while the form says "Submitting…". supabase-js takes this as its
 * `global.fetch`, so every REST, Storage, Auth and Functions call fails
 * with a {@link RequestTimeoutError} instead, and the form can say so.
 */

/** How long a request may wait for its answer's headers. */
export const REQUEST_TIMEOUT_MS = 15_000;

/** Edge functions may call an AI model: they get longer. */
export const FUNCTION_TIMEOUT_MS = 60_000;

/** Extra time per 100 KB of an uploaded body (about 0.8 Mbit/s at worst). */
export const UPLOAD_MS_PER_100_KB = 1_000;

/** Thrown (as the fetch's rejection) when a request took too long. */
export class RequestTimeoutError extends Error {
  override name = 'TimeoutError';
  constructor(readonly timeoutMs: number) {
    super(`The request timed out after ${Math.round(timeoutMs / 1000)} s.`);
  }
}

/** True for a timeout from {@link timeoutFetch} (also through supabase-js, which keeps the name). */
export function isTimeoutError(error: unknown): boolean {
  const e = error as { name?: unknown; message?: unknown } | null;
  return (
    e?.name === 'TimeoutError' ||
    (typeof e?.message === 'string' && /request timed out/i.test(e.message))
  );
}

/**
 * True when a request failed for lack of a connection: it timed out, or
 * the browser could not reach the server at all (the messages of Chromium,
 * Firefox, Safari and Node, also as wrapped by supabase-js).
 */
export function isConnectionError(error: unknown): boolean {
  const e = error as { name?: unknown; message?: unknown } | null;
  return (
    isTimeoutError(error) ||
    e?.name === 'TypeError' ||
    (typeof e?.message === 'string' &&
      /failed to fetch|fetch failed|networkerror|load failed|network request failed/i.test(
        e.message,
      ))
  );
}

/** The time limit of one request: the base, plus time for a large body. */
export function requestTimeoutMs(
  init: RequestInit | undefined,
  base = REQUEST_TIMEOUT_MS,
  url = '',
): number {
  if (url.includes('/functions/v1/'))
    return Math.max(base, FUNCTION_TIMEOUT_MS);
  const body = init?.body;
  const size =
    body instanceof Blob
      ? body.size
      : body instanceof ArrayBuffer || ArrayBuffer.isView(body)
        ? body.byteLength
        : 0;
  return base + Math.ceil(size / 102_400) * UPLOAD_MS_PER_100_KB;
}

/**
 * A fetch that rejects with {@link RequestTimeoutError} when no answer came
 * within {@link requestTimeoutMs}; the caller's own abort signal still works.
 */
export function timeoutFetch(
  inner?: typeof fetch,
  base = REQUEST_TIMEOUT_MS,
): typeof fetch {
  return (input, init) => {
    const url =
      typeof input === 'string'
        ? input
        : input instanceof URL
          ? input.href
          : input.url;
    const ms = requestTimeoutMs(init, base, url);
    const controller = new AbortController();
    const error = new RequestTimeoutError(ms);
    const timer = setTimeout(() => controller.abort(error), ms);
    const signal = init?.signal
      ? AbortSignal.any([init.signal, controller.signal])
      : controller.signal;
    return (inner ?? globalThis.fetch)(input, { ...init, signal })
      .catch((e: unknown) => {
        throw controller.signal.aborted ? error : e;
      })
      .finally(() => clearTimeout(timer));
  };
}
