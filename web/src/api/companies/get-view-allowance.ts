import { queryOptions, useQuery } from '@tanstack/react-query';
import { getViewAllowance } from '@shared/data/companies';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

export const viewAllowanceQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.allowance(),
    // A failure reads as the free plan, silently (spec §8).
    meta: { silent: true },
    queryFn: () => getViewAllowance(getSupabase()),
  });

/** Plan, views used and left, filters unlocked, demo reset available. */
export function useViewAllowance(enabled: boolean) {
  return useQuery({ ...viewAllowanceQueryOptions(), enabled });
}
