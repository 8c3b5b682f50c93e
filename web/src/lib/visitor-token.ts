import {
  VISITOR_TOKEN_PATTERN,
  VISITOR_TOKEN_STORAGE_KEY,
} from '@shared/domain/blog-likes';

/**
 * This browser's visitor token for anonymous likes, made on first use and
 * kept in local storage. With storage blocked, a token for this page only:
 * the like still counts once, it just cannot be taken back after a reload.
 */
let fallback: string | undefined;

export function visitorToken(): string {
  try {
    const stored = localStorage.getItem(VISITOR_TOKEN_STORAGE_KEY);
    if (stored && VISITOR_TOKEN_PATTERN.test(stored)) return stored;
    const made = crypto.randomUUID();
    localStorage.setItem(VISITOR_TOKEN_STORAGE_KEY, made);
    return made;
  } catch {
    return (fallback ??= crypto.randomUUID());
  }
}
