import { useMutation, useQueryClient } from '@tanstack/react-query';
import { deleteArticle } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

/** Deletes an article; every article list is refreshed. */
export function useDeleteArticle() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteArticle(getSupabase(), id),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: blogKeys.articles() }),
  });
}
