/**
 * Anonymous likes remembered in the browser (company spec §3, DECISIONS.md
 * "Likes"): a list of article ids under one local-storage key.
 */

/** Local-storage key of the articles this browser liked anonymously. */
export const LIKED_ARTICLES_STORAGE_KEY = 'likedArticles';

/**
 * The liked list from its stored text: a JSON array of strings; anything
 * else (missing, malformed, other types) counts as empty. Duplicates are
 * dropped.
 */
export function parseLikedArticles(raw: string | null): string[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return [
      ...new Set(value.filter((v): v is string => typeof v === 'string')),
    ];
  } catch {
    return [];
  }
}

/** The list with `id` added once (or removed when `liked` is false). */
export function setLiked(
  list: readonly string[],
  id: string,
  liked: boolean,
): string[] {
  const rest = list.filter((v) => v !== id);
  return liked ? [...rest, id] : rest;
}
