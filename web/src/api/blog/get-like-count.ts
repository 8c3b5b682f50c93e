import { queryOptions, useQuery } from '@tanstack/react-query';
import { getLikeCount } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

export const likeCountQueryOptions = (articleId: string) =>
  queryOptions({
    queryKey: blogKeys.likeCount(articleId),
    meta: { silent: true },
    queryFn: () => getLikeCount(getSupabase(), articleId),
  });

/** How many likes an article has. */
export function useLikeCount(articleId: string) {
  return useQuery(likeCountQueryOptions(articleId));
}
