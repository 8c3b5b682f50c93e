/**
 * Slugs of blog articles and tags (company spec §4, §5 "Slug").
 */

import { TRANSLITERATION } from './transliteration.ts';

/**
 * Slug of a text, by the spec's steps: lowercase; remove every character
 * other than letters, digits, spaces and hyphens; turn each run of spaces
 * into one hyphen; collapse repeated hyphens. Decisions for a clean URL:
 * accents are folded first (`é` → `e`) so letters survive; "letters" means
 * a–z after folding; Cyrillic and Greek are romanised (`'Привет мир'` →
 * `'privet-mir'`); any whitespace counts as a space; hyphens at either end
 * are removed. `'Hello, World!'` → `'hello-world'`; `'  '` → `''`; scripts
 * without a romanisation here (`'日本語'`) give `''`.
 */
export function toSlug(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^ -~]/g, (c) => TRANSLITERATION[c] ?? c)
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}

/**
 * Slug to save for an article: the slug typed by hand, cleaned with
 * {@link toSlug}; when that is empty, the slug of the title. May still be
 * empty when the title has no letters or digits.
 */
export function articleSlug(
  slugInput: string | null | undefined,
  title: string,
): string {
  const typed = toSlug(slugInput ?? '');
  return typed !== '' ? typed : toSlug(title);
}

/**
 * True when a title has letters or digits of any script, so a slug can be
 * made even when {@link toSlug} gives `''` (the database then uses
 * `article-` and a short id).
 */
export function hasWordCharacters(text: string): boolean {
  return /[\p{L}\p{N}]/u.test(text);
}
