import { queryOptions, useQuery } from '@tanstack/react-query';
import { listDomainSummary } from '@shared/data/companies';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

export const domainSummaryQueryOptions = () =>
  queryOptions({
    queryKey: companyKeys.domains(),
    queryFn: () => listDomainSummary(getSupabase()),
  });

/** The company's domains: verified or not, and their feedback counts. */
export function useDomainSummary(enabled: boolean) {
  return useQuery({ ...domainSummaryQueryOptions(), enabled });
}
