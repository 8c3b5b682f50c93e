import { queryOptions, useQuery } from '@tanstack/react-query';
import { listTags } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

export const tagsQueryOptions = () =>
  queryOptions({
    queryKey: blogKeys.tags(),
    meta: { silent: true },
    queryFn: () => listTags(getSupabase()),
  });

/** Blog tags, ordered by name. */
export function useTags() {
  return useQuery(tagsQueryOptions());
}
