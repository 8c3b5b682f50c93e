import type { QueryClient } from '@tanstack/react-query';
import { myFeedbackQueryOptions } from '@web/api/feedback/get-my-feedback';
import { notificationsQueryOptions } from '@web/api/feedback/get-notifications';
import { myThreadsQueryOptions } from '@web/api/feedback/use-my-threads';
import { userStatsQueryOptions } from '@web/api/stats/get-user-stats';

/** What /app shows first: its queries start with the session (router.tsx). */
export default function prefetchDashboard(
  queryClient: QueryClient,
  userId: string,
): void {
  void queryClient.prefetchQuery(myFeedbackQueryOptions(userId));
  void queryClient.prefetchQuery(userStatsQueryOptions(userId));
  void queryClient.prefetchQuery(notificationsQueryOptions(userId));
  void queryClient.prefetchQuery(myThreadsQueryOptions(userId));
}
