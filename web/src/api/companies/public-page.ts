import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  listCompletedTopics,
  publishTopic,
  setPublicPage,
  unpublishTopic,
} from '@shared/data/public-changes';
import { useUserId } from '@web/api/auth/use-session';
import { companyKeys } from '@web/api/companies/keys';
import { getSupabase } from '@web/lib/supabase';

export const completedTopicsQueryOptions = (
  userId: string,
  companyId: string,
) =>
  queryOptions({
    queryKey: [...companyKeys.completedTopics(userId), companyId],
    queryFn: () => listCompletedTopics(getSupabase(), companyId),
  });

/** The company's completed topics with what of them is published (#22). */
export function useCompletedTopics(companyId: string) {
  return useQuery(completedTopicsQueryOptions(useUserId(), companyId));
}

/** Owner/admin: the public page's address ('' turns it off). */
export function useSetPublicPage() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (slug: string) => setPublicPage(getSupabase(), slug),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: companyKeys.mine(userId) }),
  });
}

/** A member publishes a completed topic (or edits its public texts). */
export function usePublishTopic() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (args: { topicId: string; title: string; note: string }) =>
      publishTopic(getSupabase(), args.topicId, args.title, args.note),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: companyKeys.completedTopics(userId),
      }),
  });
}

/** A member takes a topic off the public page. */
export function useUnpublishTopic() {
  const queryClient = useQueryClient();
  const userId = useUserId();
  return useMutation({
    mutationFn: (topicId: string) => unpublishTopic(getSupabase(), topicId),
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: companyKeys.completedTopics(userId),
      }),
  });
}
