import { useSyncExternalStore } from 'react';
import type { Session } from '@supabase/supabase-js';
import { getSupabase } from '@web/lib/supabase';

type SessionState =
  | { status: 'loading'; session: null }
  | { status: 'signed-out'; session: null }
  | { status: 'signed-in'; session: Session };

let state: SessionState = { status: 'loading', session: null };
const listeners = new Set<() => void>();
let started = false;

function set(session: Session | null) {
  state = session
    ? { status: 'signed-in', session }
    : { status: 'signed-out', session: null };
  for (const l of listeners) l();
}

function start() {
  if (started) return;
  started = true;
  const auth = getSupabase().auth;
  // INITIAL_SESSION arrives first, after the stored session was recovered
  // (and refreshed when expired), so 'loading' never flashes signed-out.
  auth.onAuthStateChange((_event, session) => set(session));
}

function subscribe(listener: () => void) {
  start();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The auth session as supabase-js knows it, kept current by
 * `onAuthStateChange` (sign-in, sign-out, token refresh, other tabs).
 * Session state belongs to supabase-js, not to the query cache.
 */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribe, () => state);
}
