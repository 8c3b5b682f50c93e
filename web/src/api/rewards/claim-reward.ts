import { useMutation, useQueryClient } from '@tanstack/react-query';
import { claimReward } from '@shared/data/rewards';
import { rewardKeys } from '@web/api/rewards/keys';
import { getSupabase } from '@web/lib/supabase';

/** Claims a reward; the server checks the level and answers the code. */
export function useClaimReward(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rewardId: string) => claimReward(getSupabase(), rewardId),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: rewardKeys.claims(userId) }),
  });
}
