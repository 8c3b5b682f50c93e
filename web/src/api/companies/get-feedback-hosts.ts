import { useQuery } from '@tanstack/react-query';
import { listCompanyFeedbackHosts } from '@shared/data/companies';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

/** The hosts the domain filter offers (a verified domain or a subdomain). */
export function useFeedbackHosts(enabled: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: companyKeys.feedbackHosts(userId),
    queryFn: () => listCompanyFeedbackHosts(getSupabase()),
    enabled,
    staleTime: 60_000,
  });
}
