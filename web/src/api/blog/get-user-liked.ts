import { queryOptions, useQuery } from '@tanstack/react-query';
import { hasUserLiked } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

export const userLikedQueryOptions = (articleId: string, userId: string) =>
  queryOptions({
    queryKey: blogKeys.liked(articleId, userId),
    meta: { silent: true },
    queryFn: () => hasUserLiked(getSupabase(), articleId, userId),
  });

/** Whether the signed-in user likes the article (off without a user). */
export function useUserLiked(articleId: string, userId: string | undefined) {
  return useQuery({
    ...userLikedQueryOptions(articleId, userId ?? ''),
    enabled: Boolean(userId),
  });
}
