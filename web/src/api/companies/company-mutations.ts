import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  createWebhook,
  deleteWebhook,
  openCompanyFeedback,
  rateFeedback,
  resetDailyViews,
  setFeedbackStatus,
  updateCompany,
  verifyDomain,
  type Company,
} from '@shared/data/companies';
import { voteOnFeedback } from '@shared/data/feedback';
import type { FeedbackStatus } from '@shared/domain/statuses';
import type { VoteType } from '@shared/domain/votes';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

/** Saves company details or notifications; the record and domains refresh. */
export function useUpdateCompany(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: {
      id: string;
      patch: Parameters<typeof updateCompany>[2];
    }) => updateCompany(getSupabase(), args.id, args.patch),
    onSuccess: (company: Company) => {
      queryClient.setQueryData(companyKeys.mine(userId), company);
      void queryClient.invalidateQueries({
        queryKey: companyKeys.domains(userId),
      });
      void queryClient.invalidateQueries({
        queryKey: companyKeys.feedback(userId),
      });
      // Removing a verified domain can change whether the trial can start.
      void queryClient.invalidateQueries({
        queryKey: companyKeys.plan(userId),
      });
    },
  });
}

/** Opens a feedback through the allowance; the counter and list refresh. */
export function useOpenFeedback() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (id: string) => openCompanyFeedback(getSupabase(), id),
    onSettled: () => {
      void queryClient.invalidateQueries({
        queryKey: companyKeys.allowance(userId),
      });
      void queryClient.invalidateQueries({
        queryKey: companyKeys.feedback(userId),
      });
    },
  });
}

/** Moves a feedback to in_progress, completed or rejected. */
export function useSetFeedbackStatus() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (args: { id: string; status: FeedbackStatus }) =>
      setFeedbackStatus(getSupabase(), args.id, args.status),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: companyKeys.feedback(userId) }),
  });
}

/** Rates a feedback 1–5. */
export function useRateFeedback() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (args: { id: string; rating: number }) =>
      rateFeedback(getSupabase(), args.id, args.rating),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: companyKeys.feedback(userId) }),
  });
}

/** Demo mode: the view counter starts again at 0. */
export function useResetDailyViews() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: () => resetDailyViews(getSupabase()),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: companyKeys.allowance(userId),
      }),
  });
}

/** Asks the server to check a domain's token. */
export function useVerifyDomain() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (domain: string) => verifyDomain(getSupabase(), domain),
    onSettled: () => {
      void queryClient.invalidateQueries({
        queryKey: companyKeys.domains(userId),
      });
      void queryClient.invalidateQueries({
        queryKey: companyKeys.feedback(userId),
      });
      // A verified domain is what the trial waits for (#35).
      void queryClient.invalidateQueries({
        queryKey: companyKeys.plan(userId),
      });
    },
  });
}

/** Registers a webhook endpoint. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (args: { url: string; format: 'json' | 'slack' }) =>
      createWebhook(getSupabase(), args.url, args.format),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: companyKeys.webhooks(userId) }),
  });
}

/** Removes a webhook endpoint. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (id: string) => deleteWebhook(getSupabase(), id),
    onSuccess: () => {
      void queryClient.invalidateQueries({
        queryKey: companyKeys.webhooks(userId),
      });
      void queryClient.invalidateQueries({
        queryKey: companyKeys.deliveries(userId),
      });
    },
  });
}

/** A company user's vote on a feedback (never their own; once). */
export function useCompanyVote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { feedbackId: string; voteType: VoteType }) =>
      voteOnFeedback(getSupabase(), { userId, ...args }),
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: companyKeys.feedback(userId) }),
  });
}
