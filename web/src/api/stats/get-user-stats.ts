import { queryOptions, useQuery } from '@tanstack/react-query';
import { getUserStats } from '@shared/data/stats';
import { statsKeys } from '@web/api/stats/keys';
import { getSupabase } from '@web/lib/supabase';

export const userStatsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: statsKeys.summary(userId),
    queryFn: () => getUserStats(getSupabase(), userId),
  });

/** The user's total points, level and reputation. */
export function useUserStats(userId: string) {
  return useQuery(userStatsQueryOptions(userId));
}
