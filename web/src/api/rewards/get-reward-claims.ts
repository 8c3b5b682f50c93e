import { queryOptions, useQuery } from '@tanstack/react-query';
import { listMyRewardClaims } from '@shared/data/rewards';
import { rewardKeys } from '@web/api/rewards/keys';
import { getSupabase } from '@web/lib/supabase';

export const rewardClaimsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: rewardKeys.claims(userId),
    queryFn: () => listMyRewardClaims(getSupabase(), userId),
  });

/** The signed-in user's reward claims with their codes. */
export function useRewardClaims(userId: string | undefined) {
  return useQuery({
    ...rewardClaimsQueryOptions(userId ?? ''),
    enabled: userId !== undefined,
  });
}
