import { useSyncExternalStore } from 'react';
import type { Session } from '@supabase/supabase-js';
import { checkStoredSession, type SessionEnd } from '@shared/data/auth';
import { isAccountChange } from '@shared/domain/session';
import { queryClient } from '@web/lib/query-client';
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
  const before =
    state.status === 'loading' ? undefined : (state.session?.user.id ?? null);
  // Another account (or none): the previous one's cached data and pending
  // writes go before any screen renders with the new session.
  if (isAccountChange(before, session?.user.id ?? null)) queryClient.clear();
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

/**
 * The signed-in user's id ('' when signed out): every private query key
 * starts with it, so a query never answers with another account's data.
 */
export function useUserId(): string {
  const state = useSession();
  return state.session?.user.id ?? '';
}
