import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getCompanyPlan,
  openBilling,
  setMemberSeat,
  startTrial,
} from '@shared/data/trial';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

/** The plan, the trial and the caller's seat (#35). */
export function useCompanyPlan() {
  const userId = useUserId();
  return useQuery({
    queryKey: companyKeys.plan(userId),
    // The header reads it on every company screen: a failure stays quiet.
    meta: { silent: true },
    queryFn: () => getCompanyPlan(getSupabase()),
  });
}

/**
 * A plan change reaches everything the plan governs (views, filters,
 * seats, the team), so the whole account's data is fetched again.
 */
function usePlanMutation<A, R>(fn: (args: A) => Promise<R>) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: companyKeys.account(userId) }),
  });
}

export const useStartTrial = () =>
  usePlanMutation(() => startTrial(getSupabase()));

export const useSetMemberSeat = () =>
  usePlanMutation((a: { userId: string; keep: boolean }) =>
    setMemberSeat(getSupabase(), a.userId, a.keep),
  );

/** The owner's way to Stripe (#35): resolves with where the browser goes. */
export const useOpenBilling = () =>
  useMutation({
    mutationFn: (request: Parameters<typeof openBilling>[1]) =>
      openBilling(getSupabase(), request),
  });
