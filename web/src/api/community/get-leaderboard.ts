import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { getLeaderboard } from '@shared/data/community';
import { communityKeys } from '@web/api/community/keys';
import { getSupabase } from '@web/lib/supabase';

// Spec §8: community fetch errors are only logged; the table stays empty.
export const leaderboardQueryOptions = (page: number) =>
  queryOptions({
    queryKey: communityKeys.leaderboard(page),
    queryFn: () => getLeaderboard(getSupabase(), page),
    placeholderData: keepPreviousData,
    meta: { silent: true },
  });

/** One page of the leaderboard. */
export function useLeaderboard(page: number) {
  return useQuery(leaderboardQueryOptions(page));
}
