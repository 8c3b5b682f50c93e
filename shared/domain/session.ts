/**
 * A stored session whose account is gone (deleted, or its session revoked):
 * the apps sign it out locally and say so, instead of looking signed in
 * while every request fails.
 */

/** Said once such a session has been signed out. */
export const SESSION_ENDED = {
  title: 'Your session has ended',
  description: 'Please sign in again.',
} as const;

/** Auth error codes (Supabase Auth, hosted and local) meaning the session can never work again. */
export const SESSION_GONE_CODES: readonly string[] = [
  'user_not_found',
  'session_not_found',
  'refresh_token_not_found',
  'bad_jwt',
];

/**
 * True for an auth error that means the session's user or session no
 * longer exists, e.g. `auth.getUser()` answering 403 `user_not_found`
 * ("User from sub claim in JWT does not exist"). Network failures and
 * other errors are not: they say nothing about the session.
 */
export function isSessionGone(error: unknown): boolean {
  const e = error as { code?: unknown; status?: unknown; message?: unknown };
  if (!e || typeof e !== 'object') return false;
  if (typeof e.code === 'string' && SESSION_GONE_CODES.includes(e.code)) {
    return true;
  }
  return (
    (e.status === 401 || e.status === 403) &&
    typeof e.message === 'string' &&
    /user from sub claim in jwt does not exist|session (not found|from session_id claim in jwt does not exist)/i.test(
      e.message,
    )
  );
}

/**
 * Whether a session change hands the app to another account: signed out,
 * signed in as someone else, ended by the server, or changed in another
 * tab. Everything cached for the previous account must then go before the
 * next one's screens render. `undefined` is the first, not yet known state
 * (nothing private was cached before it); a token refresh keeps the user
 * and so keeps the cache (it would refetch everything every hour).
 */
export function isAccountChange(
  previousUserId: string | null | undefined,
  nextUserId: string | null,
): boolean {
  return previousUserId !== undefined && previousUserId !== nextUserId;
}
