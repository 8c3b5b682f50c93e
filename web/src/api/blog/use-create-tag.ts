import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createTag } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

/** Creates a tag; the tag list is refreshed. */
export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (tag: { name: string; slug: string }) =>
      createTag(getSupabase(), tag),
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: blogKeys.tags() }),
  });
}
