import { useMutation, useQueryClient } from '@tanstack/react-query';
import { trackEvent } from '@shared/data/analytics';
import { createFeedback, type NewFeedback } from '@shared/data/feedback';
import { feedbackKeys } from '@web/api/feedback/keys';
import { statsKeys } from '@web/api/stats/keys';
import { getSupabase } from '@web/lib/supabase';

/** Sends a feedback; answers the stored row with the points awarded. */
export function useCreateFeedback(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: NewFeedback) => {
      const client = getSupabase();
      const row = await createFeedback(client, userId, input);
      void trackEvent(client, {
        name: 'submit_feedback',
        properties: {
          category: input.category,
          has_screenshot: input.screenshotPath !== null,
          has_audio: input.audioPath !== null,
        },
      });
      return row;
    },
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
        queryClient.invalidateQueries({ queryKey: statsKeys.user(userId) }),
      ]),
  });
}
