import { useEffect, useState } from 'react';
import type { Session } from '@supabase/supabase-js';
import type { Client } from '@shared/data/client';
import { getClient } from '@ext/lib/supabase';

export type SessionState =
  | { status: 'loading' }
  | { status: 'unavailable'; error: string }
  | { status: 'signed-out'; client: Client }
  | { status: 'signed-in'; client: Client; session: Session };

/**
 * The popup's client and session. The session is read from extension
 * storage (no network unless the token must be refreshed); the popup is the
 * context that refreshes tokens while it is open.
 */
export function useSession(): SessionState {
  const [state, setState] = useState<SessionState>({ status: 'loading' });
  useEffect(() => {
    let unsubscribe: (() => void) | undefined;
    let active = true;
    getClient({ autoRefreshToken: true }).then(
      async (client) => {
        const { data } = await client.auth.getSession();
        if (!active) return;
        setState(
          data.session
            ? { status: 'signed-in', client, session: data.session }
            : { status: 'signed-out', client },
        );
        const sub = client.auth.onAuthStateChange((_event, session) => {
          setState(
            session
              ? { status: 'signed-in', client, session }
              : { status: 'signed-out', client },
          );
        });
        unsubscribe = () => sub.data.subscription.unsubscribe();
      },
      (error: unknown) => {
        if (active) {
          setState({
            status: 'unavailable',
            error: error instanceof Error ? error.message : String(error),
          });
        }
      },
    );
    return () => {
      active = false;
      unsubscribe?.();
    };
  }, []);
  return state;
}
