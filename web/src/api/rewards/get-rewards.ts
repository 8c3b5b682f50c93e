import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRewards, type RewardSort } from '@shared/data/rewards';
import { rewardKeys } from '@web/api/rewards/keys';
import { getSupabase } from '@web/lib/supabase';

export const rewardsQueryOptions = (sort: RewardSort) =>
  queryOptions({
    queryKey: rewardKeys.list(sort),
    queryFn: () => listRewards(getSupabase(), sort),
  });

/** The rewards catalogue in the chosen order. */
export function useRewards(sort: RewardSort, enabled = true) {
  return useQuery({ ...rewardsQueryOptions(sort), enabled });
}
