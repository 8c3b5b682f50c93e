import { useMutation, useQueryClient } from '@tanstack/react-query';
import { likeArticle, unlikeArticle, type Liker } from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { blogKeys } from './keys';

interface ToggleLike {
  articleId: string;
  liker: Liker;
  /** True to like, false to unlike. */
  like: boolean;
}

/**
 * Likes or unlikes an article. Anonymous unlikes make no call (the spec:
 * only the local list changes). The count is patched by one on success.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ articleId, liker, like }: ToggleLike) => {
      if (like) await likeArticle(getSupabase(), articleId, liker);
      else if (liker) await unlikeArticle(getSupabase(), articleId, liker.id);
    },
    onSuccess: (_data, { articleId, liker, like }) => {
      queryClient.setQueryData<number>(blogKeys.likeCount(articleId), (n) =>
        Math.max(0, (n ?? 0) + (like ? 1 : -1)),
      );
      if (liker) {
        queryClient.setQueryData(blogKeys.liked(articleId, liker.id), like);
      }
    },
  });
}
