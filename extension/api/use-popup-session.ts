import { useEffect, useRef, useState } from 'react';
import type { Client } from '@shared/data/client';
import { isSessionGone } from '@shared/domain/session';

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
      /** A session whose account is gone was just signed out: say so. */
      ended?: boolean;
    }
  | { status: 'signed-in'; userId: string; client: Client | null }
  | { status: 'unavailable'; error: string };

/**
 * The popup's session: first the one stored in extension storage (no
 * network, no supabase-js), then supabase-js's own view once it has loaded
 * after the first paint (a refresh that failed signs out here), then the
 * server's: a session whose account no longer exists is signed out locally
 * with `ended` (also through `endSession`, when a submit finds out).
 */
export function usePopupSession(
  storedUserId: string | null,
  /** Signed in, supabase-js waits for this (the screenshot) to keep the main thread free. */
  after: Promise<unknown>,
): PopupSession & { endSession: () => void } {
  const [state, setState] = useState<PopupSession>(
    storedUserId
      ? { status: 'signed-in', userId: storedUserId, client: null }
      : { status: 'signed-out', client: null },
  );
  const ended = useRef(false);
  const endSession = () => {
    ended.current = true;
    void loadClient().then((client) => client.auth.signOut({ scope: 'local' }));
  };
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
            setState(
              data.session
                ? { status: 'signed-in', userId: data.session.user.id, client }
                : // A stored session supabase-js could not refresh (revoked,
                  // or its account deleted) was removed: say it ended.
                  {
                    status: 'signed-out',
                    client,
                    ended: storedUserId !== null,
                  },
            );
            const sub = client.auth.onAuthStateChange((event, session) => {
              // The session read just above: already in the state.
              if (event === 'INITIAL_SESSION') return;
              setState(
                session
                  ? { status: 'signed-in', userId: session.user.id, client }
                  : { status: 'signed-out', client, ended: ended.current },
              );
              ended.current = false;
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
  return { ...state, endSession };
}
