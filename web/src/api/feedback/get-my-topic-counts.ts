import { useQuery } from '@tanstack/react-query';
import { getMyTopicCounts } from '@shared/data/topics';
import { feedbackKeys } from '@web/api/feedback/keys';
import { getSupabase } from '@web/lib/supabase';

/** #22: for the author's feedback in a company topic, how many others reported it. */
export function useMyTopicCounts(userId: string, feedbackIds: string[]) {
  return useQuery({
    queryKey: [...feedbackKeys.mine(userId), 'topic-counts', feedbackIds],
    queryFn: () => getMyTopicCounts(getSupabase(), feedbackIds),
    enabled: feedbackIds.length > 0,
  });
}
