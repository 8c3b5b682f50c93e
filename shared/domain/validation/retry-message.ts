/**
 * A request refused with 429 (ours): when to try again, from the answer's
 * Retry-After seconds when known.
 */
export function tooManyAttemptsMessage(retryAfterSeconds?: number): string {
  if (!retryAfterSeconds || !Number.isFinite(retryAfterSeconds)) {
    return 'Too many attempts. Please wait a few minutes and try again.';
  }
  if (retryAfterSeconds < 60) {
    const s = Math.max(1, Math.ceil(retryAfterSeconds));
    return `Too many attempts. Please try again in ${s} second${s === 1 ? '' : 's'}.`;
  }
  const m = Math.ceil(retryAfterSeconds / 60);
  return `Too many attempts. Please try again in ${m} minute${m === 1 ? '' : 's'}.`;
}
