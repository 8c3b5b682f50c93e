import { queryOptions, useQuery } from '@tanstack/react-query';
import { getPublishedArticle } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

export const articleQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: blogKeys.detail(slug),
    meta: { silent: true },
    queryFn: () => getPublishedArticle(getSupabase(), slug),
    retry: false,
  });

/** The published article with this slug (null when there is none). */
export function useArticle(slug: string) {
  return useQuery(articleQueryOptions(slug));
}
