import { queryOptions, useQuery } from '@tanstack/react-query';
import { listAllArticles } from '@shared/data/blog';
import { useUserId } from '@web/api/auth/use-session';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

export const adminArticlesQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: blogKeys.adminArticles(userId),
    meta: { silent: true },
    queryFn: () => listAllArticles(getSupabase()),
  });

/** Every article, drafts included (blog admins), newest first. */
export function useAdminArticles() {
  return useQuery(adminArticlesQueryOptions(useUserId()));
}
