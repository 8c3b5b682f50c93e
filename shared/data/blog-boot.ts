/**
 * The blog's public data for the page the server sends: whoever serves the
 * web app's HTML reads it as `anon` with these same functions and embeds it
 * as JSON, so a visitor's first paint needs neither the backend client nor
 * a round trip. A page without it (another host, a client-side move) loads
 * the same data live. This file holds the contract only (the page's own
 * script reads it); load-blog-boot.ts reads the data.
 */

import type {
  BlogArticleDetail,
  BlogArticleSummary,
  BlogCategory,
} from './blog.ts';

/** The id of the `<script type="application/json">` that carries it. */
export const BLOG_BOOT_ELEMENT_ID = 'peega-blog-data';

/** Search words and category slug of the list, as the URL gives them. */
export interface BlogListFilters {
  search: string;
  categorySlug: string;
}

export interface BlogListBoot {
  kind: 'list';
  /** The page it was read for; the app uses it only there. */
  path: string;
  filters: BlogListFilters;
  articles: BlogArticleSummary[];
  categories: BlogCategory[];
}

export interface BlogArticleBoot {
  kind: 'article';
  path: string;
  slug: string;
  /** null: no published article has this slug. */
  article: BlogArticleDetail | null;
  /** The current slug when this one is an article's old slug (#19 item 25). */
  redirectTo?: string | null;
  likeCount: number;
  related: BlogArticleSummary[];
}

export type BlogBoot = BlogListBoot | BlogArticleBoot;

/** The list's filters from a query string (`?q=…&category=<slug>`). */
export function blogListFilters(query: URLSearchParams): BlogListFilters {
  return {
    search: (query.get('q') ?? '').trim(),
    categorySlug: query.get('category') ?? '',
  };
}

/** Which blog page a path is, if any: the list, or an article's slug. */
export function blogPage(
  pathname: string,
): { kind: 'list' } | { kind: 'article'; slug: string } | undefined {
  if (pathname === '/blog' || pathname === '/blog/') return { kind: 'list' };
  const m = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  if (!m) return undefined;
  try {
    return { kind: 'article', slug: decodeURIComponent(m[1]!) };
  } catch {
    // Not a slug any article has: read as such, it answers "not found".
    return { kind: 'article', slug: m[1]! };
  }
}

/**
 * The JSON for the page's `<script type="application/json">`: `<` is
 * escaped so no value can close the element.
 */
export function serializeBlogBoot(boot: BlogBoot): string {
  return JSON.stringify(boot).replace(/</g, '\\u003c');
}
