import { useMutation, useQueryClient } from '@tanstack/react-query';
import { saveArticle } from '@shared/data/blog';
import type { BlogArticle } from '@shared/domain/validation/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

/** Saves an article with its links; every article list is refreshed. */
export function useSaveArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (article: BlogArticle & { id?: string | null }) =>
      saveArticle(getSupabase(), article),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: blogKeys.articles() }),
  });
}
