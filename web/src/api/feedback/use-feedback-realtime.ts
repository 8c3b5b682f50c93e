import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MyFeedback } from '@shared/data/feedback';
import {
  subscribeToMyFeedback,
  subscribeToMyFeedbackActivity,
  subscribeToMyNotifications,
  subscribeToMyReportCounts,
} from '@shared/data/realtime';
import { subscribeToThreads } from '@shared/data/conversation';
import { feedbackKeys } from '@web/api/feedback/keys';
import { statsKeys } from '@web/api/stats/keys';
import { getSupabase } from '@web/lib/supabase';

/**
 * Keeps the dashboard live: a status or AI update merges into the list at
 * once and refetches it, views and votes refetch it, and a notification
 * refreshes the activity.
 */
export function useFeedbackRealtime(userId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = getSupabase();
    const mine = feedbackKeys.mine(userId);
    const offFeedback = subscribeToMyFeedback(client, userId, (payload) => {
      const row = payload.new;
      if (!('id' in row)) return;
      void (async () => {
        // A fetch already under way (a view's event starts one) would answer
        // with the row as it was and overwrite this change: it is cancelled
        // first, the change merged, and the list fetched again.
        await queryClient.cancelQueries({ queryKey: mine });
        queryClient.setQueryData<MyFeedback[]>(mine, (list) =>
          list?.map((item) =>
            item.id === row.id ? { ...item, ...pick(item, row) } : item,
          ),
        );
        void queryClient.invalidateQueries({ queryKey: mine });
        void queryClient.invalidateQueries({
          queryKey: statsKeys.user(userId),
        });
      })();
    });
    const offActivity = subscribeToMyFeedbackActivity(client, userId, () => {
      void queryClient.invalidateQueries({ queryKey: mine });
    });
    // Others reported the same (#40 item 15): the counts are read again.
    const offCounts = subscribeToMyReportCounts(client, userId, () => {
      void queryClient.invalidateQueries({
        queryKey: [...mine, 'topic-counts'],
      });
    });
    const offNotifications = subscribeToMyNotifications(client, userId, () => {
      void queryClient.invalidateQueries({
        queryKey: feedbackKeys.notifications(userId),
      });
      // An owner who joined (#35) ends the wait of the author's sites.
      void queryClient.invalidateQueries({
        queryKey: [...mine, 'waiting-sites'],
      });
    });
    // A company's question or the user's own answer (RLS: their feedback).
    const offThreads = subscribeToThreads(client, `threads:${userId}`, () => {
      void queryClient.invalidateQueries({
        queryKey: feedbackKeys.threads(userId),
      });
    });
    return () => {
      offCounts();
      offThreads();
      offFeedback();
      offActivity();
      offNotifications();
    };
  }, [queryClient, userId]);
}

/** The fields of a changed row that the list item also has. */
function pick(item: MyFeedback, row: Record<string, unknown>) {
  const out: Partial<MyFeedback> = {};
  for (const key of Object.keys(item) as (keyof MyFeedback)[]) {
    if (key in row) (out as Record<string, unknown>)[key] = row[key];
  }
  return out;
}
