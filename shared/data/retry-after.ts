/**
 * supabase-js errors keep a 429's status and code but not its headers, so
 * the client's fetch notes the last Retry-After it saw; the error turned
 * into a DataError right after it then says when to try again.
 */

let last: { seconds: number; at: number } | undefined;

/** How long a noted Retry-After is taken to belong to the error being read. */
const FRESH_MS = 10_000;

/** A fetch that notes the Retry-After of every 429 answer. */
export function retryAfterFetch(inner?: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await (inner ?? globalThis.fetch)(input, init);
    if (res.status === 429) {
      const seconds = Number(res.headers.get('retry-after'));
      last =
        Number.isFinite(seconds) && seconds > 0
          ? { seconds, at: Date.now() }
          : undefined;
    }
    return res;
  };
}

/** The Retry-After of the 429 just answered, if there was one. */
export function recentRetryAfter(): number | undefined {
  if (!last || Date.now() - last.at > FRESH_MS) return undefined;
  return Math.max(0, last.seconds - Math.floor((Date.now() - last.at) / 1000));
}
