import { queryOptions, useQuery } from '@tanstack/react-query';
import { listMyFeedback } from '@shared/data/feedback';
import { feedbackKeys } from '@web/api/feedback/keys';
import { getSupabase } from '@web/lib/supabase';

export const myFeedbackQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: feedbackKeys.mine(userId),
    queryFn: () => listMyFeedback(getSupabase()),
  });

/** The signed-in user's feedback, newest first. */
export function useMyFeedback(userId: string) {
  return useQuery(myFeedbackQueryOptions(userId));
}
