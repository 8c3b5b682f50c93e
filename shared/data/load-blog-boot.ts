import {
  currentSlugFor,
  getLikeCount,
  getPublishedArticle,
  listCategories,
  listPublishedArticles,
  listRelatedArticles,
} from './blog.ts';
import { blogListFilters, blogPage, type BlogBoot } from './blog-boot.ts';
import type { Client } from './client.ts';

/**
 * Everything the blog page at `pathname` shows first, read with `client`
 * (an anonymous one: the policies decide what is public). Undefined for
 * any other page.
 */
export async function loadBlogBoot(
  client: Client,
  pathname: string,
  query: URLSearchParams,
): Promise<BlogBoot | undefined> {
  const page = blogPage(pathname);
  if (!page) return undefined;
  if (page.kind === 'list') {
    const filters = blogListFilters(query);
    const [articles, categories] = await Promise.all([
      listPublishedArticles(client, filters),
      listCategories(client),
    ]);
    return { kind: 'list', path: pathname, filters, articles, categories };
  }
  const article = await getPublishedArticle(client, page.slug);
  if (!article) {
    return {
      kind: 'article',
      path: pathname,
      slug: page.slug,
      article: null,
      likeCount: 0,
      related: [],
      redirectTo: await currentSlugFor(client, page.slug),
    };
  }
  const [likeCount, related] = await Promise.all([
    getLikeCount(client, article.id),
    listRelatedArticles(client, {
      id: article.id,
      categoryIds: article.categories.map((c) => c.id),
    }),
  ]);
  return {
    kind: 'article',
    path: pathname,
    slug: page.slug,
    article,
    likeCount,
    related,
  };
}
