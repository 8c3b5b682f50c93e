import { useCallback, useSyncExternalStore } from 'react';
import {
  LIKED_ARTICLES_STORAGE_KEY,
  parseLikedArticles,
  setLiked,
} from '@shared/domain/blog-likes';

const listeners = new Set<() => void>();

function read(): string {
  try {
    return localStorage.getItem(LIKED_ARTICLES_STORAGE_KEY) ?? '';
  } catch {
    return '';
  }
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Other tabs liking or unliking.
  const onStorage = (e: StorageEvent) => {
    if (e.key === LIKED_ARTICLES_STORAGE_KEY) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/**
 * Whether this browser liked an article anonymously, from the spec's
 * local-storage list, and a setter that updates the list.
 */
export function useAnonymousLike(articleId: string) {
  const raw = useSyncExternalStore(subscribe, read, () => '');
  const liked = parseLikedArticles(raw).includes(articleId);
  const set = useCallback(
    (value: boolean) => {
      const next = setLiked(parseLikedArticles(read()), articleId, value);
      try {
        localStorage.setItem(LIKED_ARTICLES_STORAGE_KEY, JSON.stringify(next));
      } catch {
        // Storage full or blocked: the like still counts on the server.
      }
      for (const l of listeners) l();
    },
    [articleId],
  );
  return [liked, set] as const;
}
