/**
 * Blog admin forms (company spec §2 "Blog admin", §4, §5 "Blog save",
 * "Slug").
 */

import { z } from 'zod';
import { articleSlug, hasWordCharacters, toSlug } from '../slug.ts';
import {
  BLOG_IMAGE_URL_INVALID,
  BLOG_SLUG_INVALID,
  BLOG_TITLE_AND_CONTENT_REQUIRED,
  TAG_NAME_INVALID,
  TAG_NAME_REQUIRED,
} from './messages.ts';

const REQUIRED = BLOG_TITLE_AND_CONTENT_REQUIRED.description;

/** Optional text: trimmed; missing becomes '' (the spec saves empty strings). */
const optionalText = z
  .string()
  .nullish()
  .transform((value) => (value ?? '').trim());

/** Optional list of ids: missing becomes `[]`; duplicates dropped. */
const idList = z
  .array(z.string())
  .nullish()
  .transform((ids) => [...new Set(ids ?? [])]);

/**
 * True for an absolute http(s) URL (featured image given by address).
 */
function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/**
 * Article editor on save:
 * - title and content required (trimmed); either missing → 'Title and
 *   content are required' (toast title 'Error');
 * - slug: the typed slug cleaned, or made from the title when empty (see
 *   articleSlug); if that is still empty, the database makes one from the
 *   id when the title has letters of any script, else 'Please enter a slug
 *   with at least one letter or digit.';
 * - excerpt, meta title, meta description: trimmed, missing → '';
 * - featured image URL: '' or an http(s) URL ('Please enter a valid image
 *   URL.');
 * - published: default false (new articles start as drafts);
 * - category and tag ids: default `[]`, duplicates dropped.
 */
export const blogArticleSchema = z
  .object({
    title: z.string(REQUIRED).trim().min(1, REQUIRED),
    slug: optionalText,
    excerpt: optionalText,
    content: z.string(REQUIRED).trim().min(1, REQUIRED),
    metaTitle: optionalText,
    metaDescription: optionalText,
    featuredImageUrl: optionalText.refine(
      (url) => url === '' || isHttpUrl(url),
      BLOG_IMAGE_URL_INVALID,
    ),
    published: z.boolean().default(false),
    categoryIds: idList,
    tagIds: idList,
  })
  .transform((article, ctx) => {
    const slug = articleSlug(article.slug, article.title);
    // A title in a script without romanisation ('日本語のタイトル') saves
    // with an empty slug: the database makes `article-<id>` (#19 item 25).
    if (slug === '' && !hasWordCharacters(article.title)) {
      ctx.issues.push({
        code: 'custom',
        message: BLOG_SLUG_INVALID,
        path: ['slug'],
        input: article.slug,
      });
      return z.NEVER;
    }
    return { ...article, slug };
  });

/** Values of the article editor. */
export type BlogArticleInput = z.input<typeof blogArticleSchema>;

/** Parsed article, ready to save. */
export type BlogArticle = z.output<typeof blogArticleSchema>;

/**
 * New tag name → `{ name, slug }`: name trimmed; blank → 'Please enter a tag
 * name.' (the editor ignores a blank name silently); a name with no letter
 * or digit → 'Tag names need at least one letter or digit.'. The slug is
 * made like an article slug.
 */
export const tagNameSchema = z
  .string(TAG_NAME_REQUIRED)
  .trim()
  .min(1, TAG_NAME_REQUIRED)
  .transform((name, ctx) => {
    const slug = toSlug(name);
    if (slug === '') {
      ctx.issues.push({
        code: 'custom',
        message: TAG_NAME_INVALID,
        input: name,
      });
      return z.NEVER;
    }
    return { name, slug };
  });

/** Parsed new tag. */
export type TagName = z.output<typeof tagNameSchema>;
