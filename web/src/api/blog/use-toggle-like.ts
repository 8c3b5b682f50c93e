import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  likeArticle,
  unlikeArticle,
  unlikeArticleAnonymously,
  type Liker,
} from '@shared/data/blog';
import { getSupabase } from '@web/lib/supabase';
import { visitorToken } from '@web/lib/visitor-token';
import { blogKeys } from './keys';

interface ToggleLike {
  articleId: string;
  liker: Liker;
  /** True to like, false to unlike. */
  like: boolean;
}

/**
 * Likes or unlikes an article. Anonymous likes carry this browser's visitor
 * token, so a like, unlike and like again count once, and the unlike reaches
 * the server (#19 item 26). The count is patched by one on success, or read
 * again when the server had no like to take back.
 */
export function useToggleLike() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ articleId, liker, like }: ToggleLike) => {
      const client = getSupabase();
      if (like) {
        await likeArticle(
          client,
          articleId,
          liker,
          liker ? undefined : visitorToken(),
        );
        return true;
      }
      if (liker) {
        await unlikeArticle(client, articleId, liker.id);
        return true;
      }
      return unlikeArticleAnonymously(client, articleId, visitorToken());
    },
    onSuccess: (changed, { articleId, liker, like }) => {
      if (changed) {
        queryClient.setQueryData<number>(blogKeys.likeCount(articleId), (n) =>
          Math.max(0, (n ?? 0) + (like ? 1 : -1)),
        );
      } else {
        void queryClient.invalidateQueries({
          queryKey: blogKeys.likeCount(articleId),
        });
      }
      if (liker) {
        queryClient.setQueryData(blogKeys.liked(articleId, liker.id), like);
      }
    },
  });
}
