import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMyReferralCode } from '@shared/data/referrals';
import { referralKeys } from '@web/api/referrals/keys';
import { getSupabase } from '@web/lib/supabase';

export const referralCodeQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: referralKeys.code(userId),
    queryFn: () => getMyReferralCode(getSupabase(), userId),
    staleTime: Infinity,
  });

/** The signed-in user's referral code. */
export function useReferralCode(userId: string) {
  return useQuery(referralCodeQueryOptions(userId));
}
