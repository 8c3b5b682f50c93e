import { queryOptions, useQuery } from '@tanstack/react-query';
import { listMyReferrals } from '@shared/data/referrals';
import { referralKeys } from '@web/api/referrals/keys';
import { getSupabase } from '@web/lib/supabase';

export const referralsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: referralKeys.list(userId),
    queryFn: () => listMyReferrals(getSupabase()),
  });

/** The signed-in user's referrals with invitee nickname and e-mail. */
export function useReferrals(userId: string) {
  return useQuery(referralsQueryOptions(userId));
}
