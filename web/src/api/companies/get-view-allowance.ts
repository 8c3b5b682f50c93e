import { queryOptions, useQuery } from '@tanstack/react-query';
import { getViewAllowance } from '@shared/data/companies';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

export const viewAllowanceQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: companyKeys.allowance(userId),
    // A failure reads as the free plan, silently (spec §8).
    meta: { silent: true },
    queryFn: () => getViewAllowance(getSupabase()),
  });

/** Plan, views used and left, filters unlocked, demo reset available. */
export function useViewAllowance(enabled: boolean) {
  const userId = useUserId();
  return useQuery({ ...viewAllowanceQueryOptions(userId), enabled });
}
