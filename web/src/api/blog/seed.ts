import type { QueryClient } from '@tanstack/react-query';
import type { BlogArticleBoot } from '@shared/data/blog-boot';
import { blogKeys } from './keys';

/**
 * Puts the article data the server sent into the query cache, so the live
 * page starts from it instead of reading it again.
 */
export function seedArticleCache(
  queryClient: QueryClient,
  boot: BlogArticleBoot,
): void {
  queryClient.setQueryData(blogKeys.detail(boot.slug), boot.article);
  if (!boot.article) return;
  const id = boot.article.id;
  queryClient.setQueryData(blogKeys.likeCount(id), boot.likeCount);
  queryClient.setQueryData(
    blogKeys.related(
      id,
      boot.article.categories.map((c) => c.id),
    ),
    boot.related,
  );
}
