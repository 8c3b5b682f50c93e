import { queryOptions, useQuery } from '@tanstack/react-query';
import { listCategories } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

export const categoriesQueryOptions = () =>
  queryOptions({
    queryKey: blogKeys.categories(),
    meta: { silent: true },
    queryFn: () => listCategories(getSupabase()),
    staleTime: 5 * 60_000,
  });

/** Blog categories, ordered by name. */
export function useCategories() {
  return useQuery(categoriesQueryOptions());
}
