import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getCompanyInsights,
  getWeeklySummary,
  previewWeeklySummary,
  setWeeklySummary,
} from '@shared/data/insights';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

/** Insights (#22) and the member's weekly summary choice. */
export const insightKeys = {
  insights: (userId: string, weeks: number) =>
    [...companyKeys.account(userId), 'insights', weeks] as const,
  weeklySummary: (userId: string) =>
    [...companyKeys.account(userId), 'weekly-summary'] as const,
  weeklySummaryPreview: (userId: string) =>
    [...companyKeys.account(userId), 'weekly-summary', 'preview'] as const,
};

export function useCompanyInsights(weeks: number) {
  const userId = useUserId();
  return useQuery({
    queryKey: insightKeys.insights(userId, weeks),
    queryFn: () => getCompanyInsights(getSupabase(), weeks),
    // Counts move slowly; a minute old is fresh enough.
    staleTime: 60_000,
  });
}

export function useWeeklySummary() {
  const userId = useUserId();
  return useQuery({
    queryKey: insightKeys.weeklySummary(userId),
    queryFn: () => getWeeklySummary(getSupabase()),
  });
}

export function useSetWeeklySummary() {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (on: boolean) => setWeeklySummary(getSupabase(), on),
    onSuccess: (on) =>
      queryClient.setQueryData(insightKeys.weeklySummary(userId), on),
  });
}

/** The weekly summary as it would be sent now; only asked while shown. */
export function useWeeklySummaryPreview(enabled: boolean) {
  const userId = useUserId();
  return useQuery({
    queryKey: insightKeys.weeklySummaryPreview(userId),
    queryFn: () => previewWeeklySummary(getSupabase()),
    enabled,
  });
}
