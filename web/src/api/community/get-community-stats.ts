import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCommunityStats } from '@shared/data/community';
import { communityKeys } from '@web/api/community/keys';
import { getSupabase } from '@web/lib/supabase';

// Spec §8: community fetch errors are only logged; the cards show 0.
export const communityStatsQueryOptions = () =>
  queryOptions({
    queryKey: communityKeys.stats(),
    queryFn: () => getCommunityStats(getSupabase()),
    meta: { silent: true },
  });

/** Total feedback and companies helped. */
export function useCommunityStats() {
  return useQuery(communityStatsQueryOptions());
}
