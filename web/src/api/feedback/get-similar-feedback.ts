import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { listSimilarFeedback } from '@shared/data/feedback';
import { useUserId } from '@web/api/auth/use-session';
import { feedbackKeys } from '@web/api/feedback/keys';
import { getSupabase } from '@web/lib/supabase';

export const similarFeedbackQueryOptions = (
  userId: string,
  websiteUrl: string,
  text: string,
) =>
  queryOptions({
    queryKey: feedbackKeys.similar(userId, websiteUrl, text),
    meta: { silent: true },
    // More than the three shown: duplicates are grouped (#40 item 16).
    queryFn: () =>
      listSimilarFeedback(getSupabase(), { websiteUrl, text, limit: 10 }),
    staleTime: 60_000,
  });

/**
 * Feedback already sent about the same site, most similar to the title
 * first; idle until there is a site and at least 3 typed characters.
 */
export function useSimilarFeedback(websiteUrl: string, text: string) {
  const userId = useUserId();
  return useQuery({
    ...similarFeedbackQueryOptions(userId, websiteUrl, text),
    enabled: websiteUrl !== '' && text.trim().length >= 3,
    placeholderData: keepPreviousData,
    retry: false,
  });
}
