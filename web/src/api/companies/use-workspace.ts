import { useEffect } from 'react';
import {
  useMutation,
  useQuery,
  useQueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import {
  addFeedbackNote,
  getCompanyThread,
  getFeedbackTriage,
  markThreadRead,
  postCompanyMessage,
  setFeedbackAssignee,
  setFeedbackPriority,
  setFeedbackStatuses,
  subscribeToThreads,
} from '@shared/data/conversation';
import type { FeedbackStatus } from '@shared/domain/statuses';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

/**
 * The company's thread with the author of one feedback, live: a new message
 * (either side) refetches it and the triage log, and the author's answers
 * are marked read while the thread is on screen.
 */
export function useCompanyThread(feedbackId: string) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: companyKeys.thread(userId, feedbackId),
    queryFn: () => getCompanyThread(getSupabase(), feedbackId),
  });
  useEffect(() => {
    return subscribeToThreads(
      getSupabase(),
      `company-thread:${feedbackId}`,
      () => {
        void queryClient.invalidateQueries({
          queryKey: companyKeys.thread(userId, feedbackId),
        });
        void queryClient.invalidateQueries({
          queryKey: companyKeys.triage(userId, feedbackId),
        });
      },
      feedbackId,
    );
  }, [feedbackId, queryClient, userId]);
  const unread = query.data?.some((m) => m.from_author && !m.read_at);
  useEffect(() => {
    if (unread) void markThreadRead(getSupabase(), feedbackId).catch(() => {});
  }, [unread, feedbackId]);
  return query;
}

function useInvalidating<A, R = unknown>(
  fn: (args: A) => Promise<R>,
  keys: (userId: string) => QueryKey[],
) {
  const userId = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all(
        keys(userId).map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      ),
  });
}

/** A member asks the author a question. */
export function usePostCompanyMessage(feedbackId: string) {
  return useInvalidating(
    (body: string) => postCompanyMessage(getSupabase(), feedbackId, body),
    (u) => [
      companyKeys.thread(u, feedbackId),
      companyKeys.triage(u, feedbackId),
    ],
  );
}

/** Assignee, priority, members, notes and activity of one feedback. */
export function useFeedbackTriage(feedbackId: string) {
  const userId = useUserId();
  return useQuery({
    queryKey: companyKeys.triage(userId, feedbackId),
    queryFn: () => getFeedbackTriage(getSupabase(), feedbackId),
  });
}

const triageKeys = (feedbackId: string) => (u: string) => [
  companyKeys.triage(u, feedbackId),
  companyKeys.feedback(u),
];

export function useSetAssignee(feedbackId: string) {
  return useInvalidating(
    (assignee: string | null) =>
      setFeedbackAssignee(getSupabase(), feedbackId, assignee),
    triageKeys(feedbackId),
  );
}

export function useSetPriority(feedbackId: string) {
  return useInvalidating(
    (priority: 'high' | 'medium' | 'low') =>
      setFeedbackPriority(getSupabase(), feedbackId, priority),
    triageKeys(feedbackId),
  );
}

export function useAddNote(feedbackId: string) {
  return useInvalidating(
    (body: string) => addFeedbackNote(getSupabase(), feedbackId, body),
    (u) => [companyKeys.triage(u, feedbackId)],
  );
}

/** Several feedback to one status (each notified and rewarded). */
export function useSetStatuses() {
  return useInvalidating(
    (args: { ids: string[]; status: FeedbackStatus }) =>
      setFeedbackStatuses(getSupabase(), args.ids, args.status),
    (u) => [companyKeys.feedback(u)],
  );
}
