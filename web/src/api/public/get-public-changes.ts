import { useInfiniteQuery } from '@tanstack/react-query';
import { getPublicChanges } from '@shared/data/public-changes';
import { PUBLIC_CHANGES_PAGE } from '@shared/domain/public-page';
import { getSupabase } from '@web/lib/supabase';

/** Public data: the same for every visitor, so keyed by the slug alone. */
export const publicChangesKeys = {
  page: (slug: string) => ['public-changes', slug] as const,
};

/** A company's "You said, we did" page, newest first, page by page. */
export function usePublicChanges(slug: string) {
  return useInfiniteQuery({
    queryKey: publicChangesKeys.page(slug),
    initialPageParam: undefined as string | undefined,
    queryFn: ({ pageParam }) =>
      getPublicChanges(getSupabase(), slug, {
        limit: PUBLIC_CHANGES_PAGE,
        ...(pageParam ? { before: pageParam } : {}),
      }),
    getNextPageParam: (last) =>
      last && last.topics.length === PUBLIC_CHANGES_PAGE
        ? last.topics[last.topics.length - 1]?.completed_at
        : undefined,
  });
}
