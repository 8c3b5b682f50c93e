/**
 * Whether this browser holds a supabase-js session (its default storage key
 * is `sb-<project>-auth-token`), read without loading supabase-js: public
 * pages load the backend client at once only for signed-in visitors.
 */
export function hasStoredSession(): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      if (/^sb-.+-auth-token$/.test(localStorage.key(i) ?? '')) return true;
    }
  } catch {
    // Storage blocked: treat as signed out; the live page finds out.
  }
  return false;
}
