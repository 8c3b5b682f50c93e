import { useEffect } from 'react';

/**
 * While `waiting`, calls `retry` once the browser says it is back online
 * (after a submit failed for lack of a connection).
 */
export function useOnlineRetry(waiting: boolean, retry: () => void) {
  useEffect(() => {
    if (!waiting) return;
    window.addEventListener('online', retry);
    return () => window.removeEventListener('online', retry);
  }, [waiting, retry]);
}
