import type { User } from '@supabase/supabase-js';
import { useSession } from '@web/api/auth/use-session';

/**
 * The signed-in user of a screen below the signed-in layout, which renders
 * its children only with a session.
 */
export function useSignedInUser(): User {
  const state = useSession();
  if (state.status !== 'signed-in') {
    throw new Error('useSignedInUser is used outside the signed-in layout.');
  }
  return state.session.user;
}
