import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  connectIntegration,
  createIssue,
  disconnectIntegration,
  listIntegrations,
  listIssueLinks,
  setCompleteOnClose,
  setWebhookSecret,
  type IssueTarget,
} from '@shared/data/integrations';
import type { Tracker, TrackerConfig } from '@shared/domain/integrations';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

const targetKey = (t: IssueTarget) =>
  'feedbackId' in t ? `feedback:${t.feedbackId}` : `topic:${t.topicId}`;

/** The company's connected trackers (no tokens: hints only). */
export function useIntegrations() {
  return useQuery({
    queryKey: companyKeys.integrations(useUserId()),
    queryFn: () => listIntegrations(getSupabase()),
  });
}

/** Issues created from one feedback or topic. */
export function useIssueLinks(target: IssueTarget) {
  return useQuery({
    queryKey: companyKeys.issueLinks(useUserId(), targetKey(target)),
    queryFn: () => listIssueLinks(getSupabase(), target),
  });
}

function useRefreshIntegrations() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return () =>
    void queryClient.invalidateQueries({
      queryKey: companyKeys.integrations(userId),
    });
}

export function useConnectIntegration() {
  const refresh = useRefreshIntegrations();
  return useMutation({
    mutationFn: (input: {
      provider: Tracker;
      token: string;
      config: TrackerConfig;
    }) => connectIntegration(getSupabase(), input),
    onSuccess: refresh,
  });
}

export function useDisconnectIntegration() {
  const refresh = useRefreshIntegrations();
  return useMutation({
    mutationFn: (provider: Tracker) =>
      disconnectIntegration(getSupabase(), provider),
    onSuccess: refresh,
  });
}

export function useSetWebhookSecret() {
  return useMutation({
    mutationFn: (a: { provider: Tracker; secret: string }) =>
      setWebhookSecret(getSupabase(), a.provider, a.secret),
  });
}

export function useCompleteOnClose() {
  const refresh = useRefreshIntegrations();
  return useMutation({
    mutationFn: (a: { provider: Tracker; enabled: boolean }) =>
      setCompleteOnClose(getSupabase(), a.provider, a.enabled),
    onSettled: refresh,
  });
}

export function useCreateIssue(target: IssueTarget) {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (provider: Tracker) =>
      createIssue(getSupabase(), provider, target),
    onSuccess: () =>
      void queryClient.invalidateQueries({
        queryKey: companyKeys.issueLinks(userId, targetKey(target)),
      }),
  });
}
