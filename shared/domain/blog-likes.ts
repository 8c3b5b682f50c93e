/**
 * Anonymous likes remembered in the browser (company spec §3, DECISIONS.md
 * "Likes"): a list of article ids under one local-storage key.
 */

/** Local-storage key of the articles this browser liked anonymously. */
export const LIKED_ARTICLES_STORAGE_KEY = 'likedArticles';

/**
 * Local-storage key of this browser's visitor token: a random id that makes
 * an anonymous like count once per visitor and lets its unlike reach the
 * server (#19 item 26). Only its hash is stored server-side.
 */
export const VISITOR_TOKEN_STORAGE_KEY = 'peegaVisitor';

/** A well-formed visitor token (what the database accepts). */
export const VISITOR_TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,100}$/;

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
