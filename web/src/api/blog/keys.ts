import type { ArticleFilters } from '@shared/data/blog';

/** Query keys of the blog, generic to specific (one factory, STYLE.md §2.5). */
export const blogKeys = {
  all: ['blog'] as const,
  categories: () => [...blogKeys.all, 'categories'] as const,
  tags: () => [...blogKeys.all, 'tags'] as const,
  articles: () => [...blogKeys.all, 'articles'] as const,
  list: (filters: ArticleFilters) =>
    [...blogKeys.articles(), 'list', filters] as const,
  detail: (slug: string) => [...blogKeys.articles(), 'detail', slug] as const,
  redirect: (slug: string) =>
    [...blogKeys.articles(), 'redirect', slug] as const,
  related: (articleId: string, categoryIds: readonly string[]) =>
    [...blogKeys.articles(), 'related', articleId, categoryIds] as const,
  // Drafts included: private to the signed-in admin.
  adminArticles: (userId: string) =>
    [...blogKeys.articles(), 'admin', userId] as const,
  likes: (articleId: string) => [...blogKeys.all, 'likes', articleId] as const,
  likeCount: (articleId: string) =>
    [...blogKeys.likes(articleId), 'count'] as const,
  liked: (articleId: string, userId: string) =>
    [...blogKeys.likes(articleId), 'user', userId] as const,
  isAdmin: (email: string) => [...blogKeys.all, 'is-admin', email] as const,
};
