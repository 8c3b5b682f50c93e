import { queryOptions, useQuery } from '@tanstack/react-query';
import { listUserBadges } from '@shared/data/stats';
import { statsKeys } from '@web/api/stats/keys';
import { getSupabase } from '@web/lib/supabase';

export const userBadgesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: statsKeys.badges(userId),
    queryFn: () => listUserBadges(getSupabase(), userId),
  });

/** Badges the user has earned, newest first. */
export function useUserBadges(userId: string) {
  return useQuery(userBadgesQueryOptions(userId));
}
