import { queryOptions, useQuery } from '@tanstack/react-query';
import { getMyCompany } from '@shared/data/companies';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

export const myCompanyQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: companyKeys.mine(userId),
    queryFn: () => getMyCompany(getSupabase(), userId),
  });

/** The signed-in user's company record, or null. */
export function useMyCompany(userId: string | undefined) {
  return useQuery({
    ...myCompanyQueryOptions(userId ?? ''),
    enabled: userId !== undefined,
  });
}
