import { useMutation, useQueryClient } from '@tanstack/react-query';
import { voteOnFeedback } from '@shared/data/feedback';
import type { VoteType } from '@shared/domain/votes';
import { feedbackKeys } from '@web/api/feedback/keys';
import { getSupabase } from '@web/lib/supabase';

/** Votes on someone else's feedback (a duplicate fails with 23505). */
export function useVoteFeedback(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (args: { feedbackId: string; voteType: VoteType }) =>
      voteOnFeedback(getSupabase(), { userId, ...args }),
    onSettled: () =>
      queryClient.invalidateQueries({
        queryKey: feedbackKeys.similarFor(userId),
      }),
  });
}
