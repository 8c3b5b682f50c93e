import { useQuery } from '@tanstack/react-query';
import {
  getDomainClaim,
  listMyWaitingSites,
  listWaitingDomains,
} from '@shared/data/claims';
import { feedbackKeys } from '@web/api/feedback/keys';
import { getSupabase } from '@web/lib/supabase';

export const claimKeys = {
  /** Public: the same for every visitor, keyed by the domain alone. */
  domain: (domain: string) => ['domain-claim', domain] as const,
  /** Under the author's list: a new feedback refreshes it too. */
  mine: (userId: string) =>
    [...feedbackKeys.mine(userId), 'waiting-sites'] as const,
  operators: ['waiting-domains'] as const,
};

/** The claim page's figures (bucketed) or "claimed" for one domain. */
export function useDomainClaim(domain: string | null) {
  return useQuery({
    queryKey: claimKeys.domain(domain ?? ''),
    queryFn: () => getDomainClaim(getSupabase(), domain ?? ''),
    enabled: domain !== null && domain !== '',
    // A validation answer will not change on a retry.
    retry: false,
    staleTime: 60_000,
  });
}

/** The signed-in author's sites that still wait for their owner. */
export function useMyWaitingSites(userId: string) {
  return useQuery({
    queryKey: claimKeys.mine(userId),
    queryFn: () => listMyWaitingSites(getSupabase()),
    staleTime: 60_000,
  });
}

/** Operators' outreach list: the most-waited-for unclaimed sites. */
export function useWaitingDomains(enabled: boolean) {
  return useQuery({
    queryKey: claimKeys.operators,
    queryFn: () => listWaitingDomains(getSupabase()),
    enabled,
  });
}
