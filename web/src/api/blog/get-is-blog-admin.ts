import { queryOptions, useQuery } from '@tanstack/react-query';
import { isBlogAdmin } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

export const isBlogAdminQueryOptions = (email: string) =>
  queryOptions({
    queryKey: blogKeys.isAdmin(email),
    meta: { silent: true },
    queryFn: () => isBlogAdmin(getSupabase(), email),
  });

/** Whether the signed-in user (by e-mail) is a blog admin. */
export function useIsBlogAdmin(email: string | undefined) {
  return useQuery({
    ...isBlogAdminQueryOptions(email ?? ''),
    enabled: Boolean(email),
  });
}
