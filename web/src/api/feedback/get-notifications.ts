import { queryOptions, useQuery } from '@tanstack/react-query';
import { listMyNotifications } from '@shared/data/feedback';
import { feedbackKeys } from '@web/api/feedback/keys';
import { getSupabase } from '@web/lib/supabase';

export const notificationsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: feedbackKeys.notifications(userId),
    queryFn: () => listMyNotifications(getSupabase()),
  });

/** Status changes of the user's feedback, newest first. */
export function useNotifications(userId: string) {
  return useQuery(notificationsQueryOptions(userId));
}
