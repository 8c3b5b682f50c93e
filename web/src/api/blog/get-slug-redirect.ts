import { useQuery } from '@tanstack/react-query';
import { currentSlugFor } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

/**
 * The current slug of an article this slug once belonged to (null when
 * none), read only when `enabled` (the slug found no article).
 */
export function useSlugRedirect(slug: string, enabled: boolean) {
  return useQuery({
    queryKey: blogKeys.redirect(slug),
    meta: { silent: true },
    queryFn: () => currentSlugFor(getSupabase(), slug),
    retry: false,
    enabled,
  });
}
