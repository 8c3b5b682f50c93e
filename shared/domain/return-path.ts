/**
 * Where sign-in returns to (issue #19 item 7). Screens for signed-in people
 * send signed-out visitors to `/auth?mode=signin&next=<path>`; after signing
 * in they land on that path instead of always on /app. Only a same-origin
 * relative path is followed, so `next` cannot become an open redirect.
 */

const ORIGIN = 'https://peega.invalid';

/**
 * `value` when it is a same-origin path (`/referrals`, `/blog-admin?x=1`),
 * normalised; else null. `//evil.com`, `/\evil.com`, `https://…`,
 * `javascript:…` and anything with control characters are refused.
 */
export function safeReturnPath(
  value: string | null | undefined,
): string | null {
  if (!value || value.length > 2048) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  if ([...value].some((c) => c === '\\' || c < ' ' || c === '\u007f')) {
    return null;
  }
  let url: URL;
  try {
    url = new URL(value, ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== ORIGIN) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The sign-in address that returns to `next` (when it is safe). */
export function signInHref(next?: string | null, mode = 'signin'): string {
  const params = new URLSearchParams();
  if (mode !== 'signup') params.set('mode', mode);
  const safe = safeReturnPath(next);
  if (safe) params.set('next', safe);
  const query = params.toString();
  return query ? `/auth?${query}` : '/auth';
}
