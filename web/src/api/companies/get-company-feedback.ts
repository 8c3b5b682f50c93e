import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import {
  listCompanyFeedback,
  type CompanyFeedbackFilters,
} from '@shared/data/companies';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

export const companyFeedbackQueryOptions = (filters: CompanyFeedbackFilters) =>
  queryOptions({
    queryKey: companyKeys.feedbackList(filters),
    // The dashboard shows 'Error loading feedback' itself.
    meta: { silent: true },
    queryFn: () => listCompanyFeedback(getSupabase(), filters),
    placeholderData: keepPreviousData,
  });

/** One page of the company's feedback. */
export function useCompanyFeedback(
  filters: CompanyFeedbackFilters,
  enabled: boolean,
) {
  return useQuery({ ...companyFeedbackQueryOptions(filters), enabled });
}
