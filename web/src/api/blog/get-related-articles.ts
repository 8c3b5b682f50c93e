import { queryOptions, useQuery } from '@tanstack/react-query';
import { listRelatedArticles } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

export const relatedArticlesQueryOptions = (
  articleId: string,
  categoryIds: readonly string[],
) =>
  queryOptions({
    queryKey: blogKeys.related(articleId, categoryIds),
    meta: { silent: true },
    queryFn: () =>
      listRelatedArticles(getSupabase(), { id: articleId, categoryIds }),
  });

/** Up to three published articles sharing a category with this one. */
export function useRelatedArticles(
  articleId: string,
  categoryIds: readonly string[],
) {
  return useQuery(relatedArticlesQueryOptions(articleId, categoryIds));
}
