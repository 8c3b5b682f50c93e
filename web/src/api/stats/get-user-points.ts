import { queryOptions, useQuery } from '@tanstack/react-query';
import { listUserPoints } from '@shared/data/stats';
import { statsKeys } from '@web/api/stats/keys';
import { getSupabase } from '@web/lib/supabase';

export const userPointsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: statsKeys.points(userId),
    queryFn: () => listUserPoints(getSupabase(), userId),
  });

/** The user's experience history, newest first. */
export function useUserPoints(userId: string) {
  return useQuery(userPointsQueryOptions(userId));
}
