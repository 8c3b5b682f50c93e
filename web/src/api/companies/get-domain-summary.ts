import { queryOptions, useQuery } from '@tanstack/react-query';
import { listDomainSummary } from '@shared/data/companies';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

export const domainSummaryQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: companyKeys.domains(userId),
    queryFn: () => listDomainSummary(getSupabase()),
  });

/** The company's domains: verified or not, and their feedback counts. */
export function useDomainSummary(enabled: boolean) {
  const userId = useUserId();
  return useQuery({ ...domainSummaryQueryOptions(userId), enabled });
}
