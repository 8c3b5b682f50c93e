import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { subscribeToMembershipEnd } from '@shared/data/realtime';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

/** What the server answers a company call from someone without a company. */
const NOT_A_COMPANY = 'Only company accounts can do this.';

/**
 * Reads the user's company again when they may have been removed from it
 * (#40 item 2): at once from the live notice of the removal, and from any
 * company call the server refuses because they no longer belong to one.
 */
export function useMembershipEnd(userId: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!userId) return;
    const recheck = () =>
      void queryClient.invalidateQueries({
        queryKey: companyKeys.mine(userId),
      });
    const stopLive = subscribeToMembershipEnd(getSupabase(), userId, recheck);
    // A query's or a mutation's refusal: both caches announce it alike.
    const onEvent = (event: {
      type: string;
      action?: { type: string; error?: unknown };
    }) => {
      const error = event.action?.type === 'error' ? event.action.error : null;
      if (
        event.type === 'updated' &&
        (error as { message?: unknown } | null)?.message === NOT_A_COMPANY
      )
        recheck();
    };
    const stopQueries = queryClient.getQueryCache().subscribe(onEvent);
    const stopMutations = queryClient.getMutationCache().subscribe(onEvent);
    return () => {
      stopLive();
      stopQueries();
      stopMutations();
    };
  }, [userId, queryClient]);
}
