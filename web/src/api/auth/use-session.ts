import { useSyncExternalStore } from 'react';
import type { Session } from '@supabase/supabase-js';
import { checkStoredSession, type SessionEnd } from '@shared/data/auth';
import { getSupabase } from '@web/lib/supabase';

type SessionState =
  | { status: 'loading'; session: null }
  | { status: 'signed-out'; session: null }
  | { status: 'signed-in'; session: Session };

let state: SessionState = { status: 'loading', session: null };
const listeners = new Set<() => void>();
let started = false;
/** Why the server ended the stored session, until the notice is shown. */
let ended: SessionEnd | null = null;

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
  auth.onAuthStateChange((event, session) => {
    set(session);
    // A stored session may outlive its account (deleted elsewhere): ask the
    // server once per load and sign such a session out with a notice.
    if (event === 'INITIAL_SESSION' && session) {
      // Deferred: supabase-js must not be called inside its own callback.
      setTimeout(() => void endIfGone(), 0);
    }
  });
}

async function endIfGone() {
  const client = getSupabase();
  const reason = await checkStoredSession(client).catch(() => null);
  if (!reason) return;
  ended = reason;
  await client.auth.signOut({ scope: 'local' }).catch(() => undefined);
  set(null);
}

/** Takes the reason the server ended the stored session (once). */
export function takeSessionEnd(): SessionEnd | null {
  const reason = ended;
  ended = null;
  return reason;
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
