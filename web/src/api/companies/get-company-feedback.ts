import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  listCompanyFeedback,
  type CompanyFeedbackFilters,
} from '@shared/data/companies';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

export const companyFeedbackQueryOptions = (
  userId: string,
  filters: CompanyFeedbackFilters,
) =>
  queryOptions({
    queryKey: companyKeys.feedbackList(userId, filters),
    // The dashboard shows 'Error loading feedback' itself.
    meta: { silent: true },
    queryFn: () => listCompanyFeedback(getSupabase(), filters),
    // Only this account's previous page stands in while the next loads.
    placeholderData: (previous, query) =>
      query?.queryKey[1] === userId ? previous : undefined,
  });

/** One page of the company's feedback. */
export function useCompanyFeedback(
  filters: CompanyFeedbackFilters,
  enabled: boolean,
) {
  const userId = useUserId();
  return useQuery({ ...companyFeedbackQueryOptions(userId, filters), enabled });
}
