import {
  keepPreviousData,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  addTopicItems,
  createTopic,
  dismissTopicProposal,
  getCompanyTopics,
  getFeedbackTopic,
  getTopic,
  getTopicProposals,
  mergeTopics,
  removeTopicItems,
  renameTopic,
  setTopicStatus,
  splitTopic,
} from '@shared/data/topics';
import type { FeedbackStatus } from '@shared/domain/statuses';
import type { TopicSort } from '@shared/domain/topics';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

/** Topics (#22) live under the feedback keys: a status change refreshes both. */
const topicKeys = {
  all: (u: string) => [...companyKeys.feedback(u), 'topics'] as const,
  list: (u: string, sort: TopicSort, page: number, size: number) =>
    [...topicKeys.all(u), 'list', sort, page, size] as const,
  proposals: (u: string) => [...topicKeys.all(u), 'proposals'] as const,
  one: (u: string, id: string) => [...topicKeys.all(u), 'one', id] as const,
  ofFeedback: (u: string, id: string) =>
    [...topicKeys.all(u), 'of', id] as const,
};

export function useCompanyTopics(sort: TopicSort, page: number, size: number) {
  const u = useUserId();
  return useQuery({
    queryKey: topicKeys.list(u, sort, page, size),
    queryFn: () => getCompanyTopics(getSupabase(), sort, page, size),
    placeholderData: keepPreviousData,
  });
}

export function useTopicProposals() {
  const u = useUserId();
  return useQuery({
    queryKey: topicKeys.proposals(u),
    queryFn: () => getTopicProposals(getSupabase()),
  });
}

export function useTopic(id: string | null) {
  const u = useUserId();
  return useQuery({
    queryKey: topicKeys.one(u, id ?? ''),
    queryFn: () => getTopic(getSupabase(), id!),
    enabled: id !== null,
  });
}

export function useFeedbackTopic(feedbackId: string) {
  const u = useUserId();
  return useQuery({
    queryKey: topicKeys.ofFeedback(u, feedbackId),
    queryFn: () => getFeedbackTopic(getSupabase(), feedbackId),
  });
}

/** Every topic change refreshes the topics and the feedback list. */
function useTopicMutation<A, R>(fn: (args: A) => Promise<R>) {
  const u = useUserId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: companyKeys.feedback(u) }),
        // A completed topic can be published ("You said, we did").
        queryClient.invalidateQueries({
          queryKey: companyKeys.completedTopics(u),
        }),
      ]),
  });
}

export const useCreateTopic = () =>
  useTopicMutation((a: { title: string; ids: string[] }) =>
    createTopic(getSupabase(), a.title, a.ids),
  );
export const useDismissProposal = () =>
  useTopicMutation((id: string) => dismissTopicProposal(getSupabase(), id));
export const useAddTopicItems = () =>
  useTopicMutation((a: { topicId: string; ids: string[] }) =>
    addTopicItems(getSupabase(), a.topicId, a.ids),
  );
export const useRemoveTopicItems = () =>
  useTopicMutation((a: { topicId: string; ids: string[] }) =>
    removeTopicItems(getSupabase(), a.topicId, a.ids),
  );
export const useSplitTopic = () =>
  useTopicMutation((a: { topicId: string; ids: string[]; title: string }) =>
    splitTopic(getSupabase(), a.topicId, a.ids, a.title),
  );
export const useMergeTopics = () =>
  useTopicMutation((a: { topicId: string; otherId: string }) =>
    mergeTopics(getSupabase(), a.topicId, a.otherId),
  );
export const useRenameTopic = () =>
  useTopicMutation((a: { topicId: string; title: string }) =>
    renameTopic(getSupabase(), a.topicId, a.title),
  );
export const useSetTopicStatus = () =>
  useTopicMutation((a: { topicId: string; status: FeedbackStatus }) =>
    setTopicStatus(getSupabase(), a.topicId, a.status),
  );
