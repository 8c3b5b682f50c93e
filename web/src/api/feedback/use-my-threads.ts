import {
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  listMyThreads,
  markThreadRead,
  postAuthorReply,
} from '@shared/data/conversation';
import { feedbackKeys } from '@web/api/feedback/keys';
import { statsKeys } from '@web/api/stats/keys';
import { getSupabase } from '@web/lib/supabase';

export const myThreadsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: feedbackKeys.threads(userId),
    queryFn: () => listMyThreads(getSupabase()),
  });

/** Every company thread about the user's feedback (live via the dashboard). */
export function useMyThreads(userId: string) {
  return useQuery(myThreadsQueryOptions(userId));
}

/** The author answers a company: the thread, XP and activity refresh. */
export function useAuthorReply(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: {
      feedbackId: string;
      companyId: string;
      body: string;
    }) => postAuthorReply(getSupabase(), args),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: feedbackKeys.threads(userId),
        }),
        queryClient.invalidateQueries({ queryKey: statsKeys.user(userId) }),
        queryClient.invalidateQueries({
          queryKey: feedbackKeys.notifications(userId),
        }),
      ]),
  });
}

/** The company's messages of one thread were seen. */
export function useMarkThreadRead(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { feedbackId: string; companyId: string }) =>
      markThreadRead(getSupabase(), args.feedbackId, args.companyId),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({
          queryKey: feedbackKeys.threads(userId),
        }),
        queryClient.invalidateQueries({
          queryKey: feedbackKeys.notifications(userId),
        }),
      ]),
  });
}
