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

/** The signed-in account as the stored session names it. */
export interface StoredAccount {
  email: string;
  /** Signed up through the company form (its metadata has a company name). */
  company: boolean;
}

/** Fired in this tab when the stored session changes (sign-out). */
export const SESSION_CHANGED_EVENT = 'peega:session-changed';

/** Raw stored session text (the snapshot compared between renders). */
export function storedSessionText(): string {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i) ?? '';
      if (/^sb-.+-auth-token$/.test(key))
        return localStorage.getItem(key) ?? '';
    }
  } catch {
    // Storage blocked: signed out as far as this page can tell.
  }
  return '';
}

/** The account of a stored session text, or null. */
export function parseStoredAccount(text: string): StoredAccount | null {
  if (!text) return null;
  try {
    const session = JSON.parse(text) as {
      user?: { email?: unknown; user_metadata?: { company_name?: unknown } };
    };
    const email = session.user?.email;
    if (typeof email !== 'string' || email === '') return null;
    return {
      email,
      company: typeof session.user?.user_metadata?.company_name === 'string',
    };
  } catch {
    return null;
  }
}
