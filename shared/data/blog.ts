/**
 * Blog data access (company spec §7 "Blog"): the public list and article,
 * likes, and the admin writes. Every function takes the caller's client;
 * the database's policies decide what each caller may read and write.
 */

import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../db/database.types.ts';
import type { BlogArticle } from '../domain/validation/blog.ts';
import { fileExtension } from '../domain/validation/files.ts';

type Client = SupabaseClient<Database>;

/** The spec's marker for a like without an account. */
export const ANONYMOUS_LIKE_MARKER = 'anonymous';

/** The public bucket of article images. */
export const BLOG_IMAGES_BUCKET = 'blog-images';

/** How many related articles an article page shows. */
export const RELATED_ARTICLES_LIMIT = 3;

export interface BlogTerm {
  id: string;
  name: string;
  slug: string;
}

export interface BlogCategory extends BlogTerm {
  description: string;
}

/** An article as a card shows it (no content). */
export interface BlogArticleSummary {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  metaTitle: string;
  metaDescription: string;
  featuredImageUrl: string;
  published: boolean;
  publishedAt: string | null;
  createdAt: string;
  categories: BlogTerm[];
  tags: BlogTerm[];
}

/** A full article, content included. */
export interface BlogArticleDetail extends BlogArticleSummary {
  content: string;
  /** Last edit (the structured data's dateModified). */
  updatedAt: string;
}

/** A failed call, carrying the backend's message (shown under 'Error'). */
export class BlogDataError extends Error {
  override name = 'BlogDataError';
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

function fail(error: { message: string; code?: string } | null): void {
  if (error) throw new BlogDataError(error.message, error.code);
}

const TERM = 'id, name, slug';
const SUMMARY_COLUMNS = `id, title, slug, excerpt, meta_title, meta_description, featured_image_url, published, published_at, created_at,
  categories:blog_article_categories(category:blog_categories(${TERM})),
  tags:blog_article_tags(tag:blog_tags(${TERM}))`;
const DETAIL_COLUMNS = `content, updated_at, ${SUMMARY_COLUMNS}`;

interface ArticleRow {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  meta_title: string;
  meta_description: string;
  featured_image_url: string;
  published: boolean;
  published_at: string | null;
  created_at: string;
  content?: string;
  updated_at?: string;
  categories: { category: BlogTerm | null }[] | null;
  tags: { tag: BlogTerm | null }[] | null;
}

const byName = (a: BlogTerm, b: BlogTerm) => a.name.localeCompare(b.name);

function toSummary(row: ArticleRow): BlogArticleSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    metaTitle: row.meta_title,
    metaDescription: row.meta_description,
    featuredImageUrl: row.featured_image_url,
    published: row.published,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    categories: (row.categories ?? [])
      .flatMap((l) => (l.category ? [l.category] : []))
      .sort(byName),
    tags: (row.tags ?? []).flatMap((l) => (l.tag ? [l.tag] : [])).sort(byName),
  };
}

function toDetail(row: ArticleRow): BlogArticleDetail {
  return {
    ...toSummary(row),
    content: row.content ?? '',
    updatedAt: row.updated_at ?? row.created_at,
  };
}

/**
 * Search words as a PostgREST pattern: characters that have a meaning in
 * filter syntax or LIKE patterns become spaces, runs of spaces one `*`.
 */
export function searchPattern(search: string): string {
  const words = search
    .replace(/[,()"\\*%_:.]/g, ' ')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return words.length ? `*${words.join('*')}*` : '';
}

/** Categories, ordered by name. */
export async function listCategories(client: Client): Promise<BlogCategory[]> {
  const { data, error } = await client
    .from('blog_categories')
    .select('id, name, slug, description')
    .order('name');
  fail(error);
  return data ?? [];
}

/** Tags, ordered by name. */
export async function listTags(client: Client): Promise<BlogTerm[]> {
  const { data, error } = await client
    .from('blog_tags')
    .select(TERM)
    .order('name');
  fail(error);
  return data ?? [];
}

export interface ArticleFilters {
  /** Words found in the title, excerpt or meta description. */
  search?: string;
  /** Only articles in this category. */
  categorySlug?: string;
}

/**
 * Published articles, newest first, with their categories and tags,
 * filtered by the search words and the category.
 */
export async function listPublishedArticles(
  client: Client,
  filters: ArticleFilters = {},
): Promise<BlogArticleSummary[]> {
  let ids: string[] | undefined;
  if (filters.categorySlug) {
    const { data, error } = await client
      .from('blog_categories')
      .select('id, links:blog_article_categories(article_id)')
      .eq('slug', filters.categorySlug)
      .maybeSingle();
    fail(error);
    ids = (data?.links ?? []).map((l) => l.article_id);
    if (ids.length === 0) return [];
  }
  let query = client
    .from('blog_articles')
    .select(SUMMARY_COLUMNS)
    .eq('published', true)
    .order('published_at', { ascending: false });
  if (ids) query = query.in('id', ids);
  const pattern = searchPattern(filters.search ?? '');
  if (pattern) {
    query = query.or(
      `title.ilike.${pattern},excerpt.ilike.${pattern},meta_description.ilike.${pattern}`,
    );
  }
  const { data, error } = await query;
  fail(error);
  return ((data ?? []) as unknown as ArticleRow[]).map(toSummary);
}

/** The published article with this slug, or null. */
export async function getPublishedArticle(
  client: Client,
  slug: string,
): Promise<BlogArticleDetail | null> {
  const { data, error } = await client
    .from('blog_articles')
    .select(DETAIL_COLUMNS)
    .eq('slug', slug)
    .eq('published', true)
    .maybeSingle();
  fail(error);
  return data ? toDetail(data as unknown as ArticleRow) : null;
}

/**
 * The current slug of the published article that once had `oldSlug`, or
 * null (#19 item 25; the policies show only mappings of readable articles).
 */
export async function currentSlugFor(
  client: Client,
  oldSlug: string,
): Promise<string | null> {
  const { data, error } = await client
    .from('blog_article_slug_redirects')
    .select('article:blog_articles(slug, published)')
    .eq('old_slug', oldSlug)
    .maybeSingle();
  fail(error);
  const article = data?.article as { slug: string; published: boolean } | null;
  return article?.published ? article.slug : null;
}

/**
 * Up to three other published articles sharing a category with the
 * article, newest first.
 */
export async function listRelatedArticles(
  client: Client,
  article: { id: string; categoryIds: readonly string[] },
): Promise<BlogArticleSummary[]> {
  if (article.categoryIds.length === 0) return [];
  const { data: links, error: linkError } = await client
    .from('blog_article_categories')
    .select('article_id')
    .in('category_id', [...article.categoryIds])
    .neq('article_id', article.id);
  fail(linkError);
  const ids = [...new Set((links ?? []).map((l) => l.article_id))];
  if (ids.length === 0) return [];
  const { data, error } = await client
    .from('blog_articles')
    .select(SUMMARY_COLUMNS)
    .eq('published', true)
    .in('id', ids)
    .order('published_at', { ascending: false })
    .limit(RELATED_ARTICLES_LIMIT);
  fail(error);
  return ((data ?? []) as unknown as ArticleRow[]).map(toSummary);
}

// ---------------------------------------------------------------- likes

/** Likes of an article, signed-in and anonymous. */
export async function getLikeCount(
  client: Client,
  articleId: string,
): Promise<number> {
  const { data, error } = await client.rpc('get_article_like_count', {
    p_article_id: articleId,
  });
  fail(error);
  return data ?? 0;
}

/** Whether this signed-in user likes the article. */
export async function hasUserLiked(
  client: Client,
  articleId: string,
  userId: string,
): Promise<boolean> {
  const { data, error } = await client
    .from('blog_article_likes')
    .select('id')
    .eq('article_id', articleId)
    .eq('user_id', userId)
    .maybeSingle();
  fail(error);
  return data !== null;
}

/** The liker: a signed-in user, or null for an anonymous visitor. */
export type Liker = { id: string; email: string } | null;

/**
 * Records a like. Signed in: one per user (the database keeps it unique).
 * Anonymous: marked 'anonymous', one per visitor (the browser's visitor
 * token, or the address without one) and article; liking again while the
 * like stands is refused as a duplicate (23505), which is ignored.
 */
export async function likeArticle(
  client: Client,
  articleId: string,
  liker: Liker,
  visitorToken?: string,
): Promise<void> {
  const row: Database['public']['Tables']['blog_article_likes']['Insert'] =
    liker
      ? { article_id: articleId, user_id: liker.id, user_email: liker.email }
      : {
          article_id: articleId,
          ip_address: ANONYMOUS_LIKE_MARKER,
          // The database keeps only the token's hash.
          ...(visitorToken ? { client_hash: visitorToken } : {}),
        };
  const { error } = await client.from('blog_article_likes').insert(row);
  if (error && !liker && error.code === '23505') return;
  fail(error);
}

/**
 * Takes back this visitor's anonymous like; false when the server had none
 * for the token (a like from before tokens, or already removed).
 */
export async function unlikeArticleAnonymously(
  client: Client,
  articleId: string,
  visitorToken: string,
): Promise<boolean> {
  const { data, error } = await client.rpc('unlike_article_anonymously', {
    p_article_id: articleId,
    p_visitor_token: visitorToken,
  });
  fail(error);
  return data === true;
}

/** Removes a signed-in user's like. */
export async function unlikeArticle(
  client: Client,
  articleId: string,
  userId: string,
): Promise<void> {
  const { error } = await client
    .from('blog_article_likes')
    .delete()
    .eq('article_id', articleId)
    .eq('user_id', userId);
  fail(error);
}

// ---------------------------------------------------------------- admin

/**
 * Whether the signed-in user is a blog admin: the policies show a user only
 * their own blog_admins row, matched on their e-mail.
 */
export async function isBlogAdmin(
  client: Client,
  email: string,
): Promise<boolean> {
  const { data, error } = await client
    .from('blog_admins')
    .select('id, user_email');
  fail(error);
  const lower = email.toLowerCase();
  return (data ?? []).some((row) => row.user_email.toLowerCase() === lower);
}

/** Every article, drafts included (admins), newest first. */
export async function listAllArticles(
  client: Client,
): Promise<BlogArticleDetail[]> {
  const { data, error } = await client
    .from('blog_articles')
    .select(DETAIL_COLUMNS)
    .order('created_at', { ascending: false });
  fail(error);
  return ((data ?? []) as unknown as ArticleRow[]).map(toDetail);
}

/**
 * Creates (no id) or updates an article and replaces its category and tag
 * links in one transaction (public.save_blog_article).
 */
export async function saveArticle(
  client: Client,
  article: BlogArticle & { id?: string | null | undefined },
): Promise<{ id: string; slug: string }> {
  const { data, error } = await client.rpc('save_blog_article', {
    // The RPC creates a new article when the id is null.
    p_id: (article.id ?? null) as unknown as string,
    p_title: article.title,
    p_slug: article.slug,
    p_content: article.content,
    p_excerpt: article.excerpt,
    p_meta_title: article.metaTitle,
    p_meta_description: article.metaDescription,
    p_featured_image_url: article.featuredImageUrl,
    p_published: article.published,
    p_category_ids: article.categoryIds,
    p_tag_ids: article.tagIds,
  });
  fail(error);
  if (!data) throw new BlogDataError('The article was not saved.');
  return { id: data.id, slug: data.slug };
}

/** Deletes an article (its links and likes go with it). */
export async function deleteArticle(client: Client, id: string): Promise<void> {
  const { data, error } = await client
    .from('blog_articles')
    .delete()
    .eq('id', id)
    .select('id');
  fail(error);
  if (!data?.length) {
    throw new BlogDataError('The article could not be deleted.');
  }
}

/**
 * Creates a tag, or returns the tag that already has its slug (`existing`
 * true): tags are unique by slug, so "Bug Reports" and "bug reports" are
 * one tag (#19 item 24).
 */
export async function createTag(
  client: Client,
  tag: { name: string; slug: string },
): Promise<BlogTerm & { existing: boolean }> {
  const { data, error } = await client
    .from('blog_tags')
    .insert(tag)
    .select(TERM)
    .single();
  if (error?.code === '23505') {
    const found = await client
      .from('blog_tags')
      .select(TERM)
      .eq('slug', tag.slug)
      .maybeSingle();
    fail(found.error);
    if (found.data) return { ...found.data, existing: true };
  }
  fail(error);
  return { ...(data as BlogTerm), existing: false };
}

/**
 * Uploads an article image under `{timestamp}-{random}.{ext}` and returns its
 * public URL. `stamp` and `random` are passed in by the caller.
 */
export async function uploadBlogImage(
  client: Client,
  file: Blob & { name: string },
  name: { stamp: number; random: string },
): Promise<string> {
  const ext =
    fileExtension(file.name) ?? file.type.split('/')[1]?.split('+')[0] ?? 'img';
  const path = `${name.stamp}-${name.random}.${ext}`;
  const { error } = await client.storage
    .from(BLOG_IMAGES_BUCKET)
    .upload(path, file, { contentType: file.type, upsert: false });
  fail(error ? { message: error.message } : null);
  return client.storage.from(BLOG_IMAGES_BUCKET).getPublicUrl(path).data
    .publicUrl;
}
