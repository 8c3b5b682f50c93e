import { useMemo, useSyncExternalStore } from 'react';
import {
  SESSION_CHANGED_EVENT,
  parseStoredAccount,
  storedSessionText,
} from '@web/lib/stored-session';

function subscribe(listener: () => void) {
  // Other tabs signing in or out, and this tab's sign-out.
  window.addEventListener('storage', listener);
  window.addEventListener(SESSION_CHANGED_EVENT, listener);
  return () => {
    window.removeEventListener('storage', listener);
    window.removeEventListener(SESSION_CHANGED_EVENT, listener);
  };
}

/**
 * The signed-in account from the stored session, read without loading
 * supabase-js: the blog's pages start without the backend client.
 */
export function useStoredAccount() {
  const text = useSyncExternalStore(subscribe, storedSessionText, () => '');
  return useMemo(() => parseStoredAccount(text), [text]);
}
