import {
  keepPreviousData,
  queryOptions,
  useQuery,
} from '@tanstack/react-query';
import { listPublishedArticles, type ArticleFilters } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

export const articlesQueryOptions = (filters: ArticleFilters) =>
  queryOptions({
    queryKey: blogKeys.list(filters),
    meta: { silent: true },
    queryFn: () => listPublishedArticles(getSupabase(), filters),
  });

/** Published articles matching the search and category, newest first. */
export function useArticles(filters: ArticleFilters) {
  return useQuery({
    ...articlesQueryOptions(filters),
    placeholderData: keepPreviousData,
  });
}
