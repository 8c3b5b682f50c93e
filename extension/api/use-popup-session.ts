import { useEffect, useRef, useState } from 'react';
import type { Client } from '@shared/data/client';
import { isSessionGone } from '@shared/domain/session';
import { sessionEndItem, type SessionEnd } from '@ext/lib/storage';

let loading: Promise<Client> | undefined;

/**
 * supabase-js for the popup, loaded on demand (dynamic import) so the first
 * screen renders from storage without it. The popup refreshes tokens while
 * it is open.
 */
export function loadClient(): Promise<Client> {
  loading ??= import('@ext/lib/supabase')
    .then((m) => m.getClient({ autoRefreshToken: true }))
    .catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
  return loading;
}

export type PopupSession =
  | {
      status: 'signed-out';
      client: Client | null;
      /** A session ended without the user asking (account gone): say so. */
      ended?: boolean;
    }
  | { status: 'signed-in'; userId: string; client: Client | null }
  | { status: 'unavailable'; error: string };

type SessionState =
  | { status: 'signed-out'; client: Client | null }
  | Exclude<PopupSession, { status: 'signed-out' }>;

/** Records how the session ended, for every popup (see sessionEndItem). */
function recordEnd(value: SessionEnd): Promise<void> {
  return sessionEndItem.setValue(value).catch(() => undefined);
}

/**
 * A sign-out this popup did not ask for: ended, unless the user signed out
 * on purpose in another popup (recorded before that sign-out began).
 */
async function recordUnaskedSignOut(): Promise<void> {
  const current = await sessionEndItem.getValue().catch(() => null);
  if (current !== 'signed-out') await recordEnd('ended');
}

/**
 * The popup's session: first the one stored in extension storage (no
 * network, no supabase-js), then supabase-js's own view once it has loaded
 * after the first paint (a refresh that failed signs out here), then the
 * server's: a session whose account no longer exists is signed out locally
 * (also through `endSession`, when a submit finds out). Whether the
 * sign-in says "Your session has ended" is `sessionEndItem` in extension
 * storage: two popups (or the background) may find out in any order, and
 * supabase-js may emit its own SIGNED_OUT before or after ours.
 */
export function usePopupSession(
  storedUserId: string | null,
  /** Signed in, supabase-js waits for this (the screenshot) to keep the main thread free. */
  after: Promise<unknown>,
  /** The stored "session ended" mark when the popup opened. */
  endedAtOpen = false,
): PopupSession & { endSession: () => void; signOut: () => void } {
  const [state, setState] = useState<SessionState>(
    storedUserId
      ? { status: 'signed-in', userId: storedUserId, client: null }
      : { status: 'signed-out', client: null },
  );
  const [ended, setEnded] = useState(endedAtOpen);
  /** The user pressed Sign out: the only sign-out that needs no explaining. */
  const deliberate = useRef(false);
  const signOut = () => {
    deliberate.current = true;
    void recordEnd('signed-out')
      .then(() => loadClient())
      .then((client) => client.auth.signOut({ scope: 'local' }));
  };
  const endSession = () => {
    void recordEnd('ended')
      .then(() => loadClient())
      .then((client) => client.auth.signOut({ scope: 'local' }));
  };
  // Cleared by a sign-in (SignIn) or a deliberate sign-out only: a
  // SIGNED_IN event may be another popup re-reading a session just ended.
  useEffect(
    () => sessionEndItem.watch((next) => setEnded(next === 'ended')),
    [],
  );
  useEffect(() => {
    let active = true;
    let unsubscribe: (() => void) | undefined;
    // After the first paint: the form is interactive before supabase-js
    // loads. Signed in, nothing needs it before the screenshot is shown
    // (stats are cached, submit goes through the background), so its
    // 200 KB are parsed after that, or after 400 ms at the latest.
    const timer = setTimeout(() => {
      const waited = storedUserId
        ? Promise.race([
            after,
            new Promise((resolve) => setTimeout(resolve, 400)),
          ])
        : Promise.resolve();
      void waited
        .then(() => loadClient())
        .then(
          async (client) => {
            const { data } = await client.auth.getSession();
            if (!active) return;
            if (data.session) {
              setState({
                status: 'signed-in',
                userId: data.session.user.id,
                client,
              });
            } else {
              setState({ status: 'signed-out', client });
              // A stored session supabase-js could not refresh (revoked,
              // or its account deleted) was removed: it ended.
              if (storedUserId !== null) void recordUnaskedSignOut();
            }
            const sub = client.auth.onAuthStateChange((event, session) => {
              // The session read just above: already in the state.
              if (event === 'INITIAL_SESSION') return;
              if (session) {
                deliberate.current = false;
                setState({
                  status: 'signed-in',
                  userId: session.user.id,
                  client,
                });
                return;
              }
              setState({ status: 'signed-out', client });
              // Any sign-out the user did not ask for here ended the
              // session (supabase-js dropping a session the server no
              // longer knows, a failed refresh, another popup's endSession).
              if (!deliberate.current) void recordUnaskedSignOut();
            });
            unsubscribe = () => sub.data.subscription.unsubscribe();
            // The stored session says nothing of the account behind it:
            // ask the server (offline, this fails and changes nothing).
            if (data.session) {
              const { error } = await client.auth.getUser();
              if (active && isSessionGone(error)) endSession();
            }
          },
          (error: unknown) => {
            if (!active) return;
            // Signed in, the popup still works from storage (submit goes
            // through the background); signed out, there is nothing to do.
            setState((s) =>
              s.status === 'signed-in'
                ? s
                : {
                    status: 'unavailable',
                    error:
                      error instanceof Error ? error.message : String(error),
                  },
            );
          },
        );
    }, 0);
    return () => {
      active = false;
      clearTimeout(timer);
      unsubscribe?.();
    };
  }, [storedUserId, after]);
  const session: PopupSession =
    state.status === 'signed-out' ? { ...state, ended } : state;
  return { ...session, endSession, signOut };
}
