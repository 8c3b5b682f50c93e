import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { isConnectionError } from '@shared/data/timeout-fetch';

/**
 * While Peega's server does not answer, screens keep what they loaded
 * before: this banner says that it may be out of date (#40 item 20). It
 * goes when a request succeeds again.
 */
export function ConnectionBanner() {
  const queryClient = useQueryClient();
  const [lost, setLost] = useState(false);
  useEffect(() => {
    const cache = queryClient.getQueryCache();
    return cache.subscribe((event) => {
      if (event.type !== 'updated') return;
      const { action } = event;
      if (action.type === 'error' && isConnectionError(action.error))
        setLost(true);
      // A real answer, not data the app set itself (realtime, optimistic).
      // (An answer that was already on its way when the browser went offline
      // does not mean it is back.)
      else if (
        action.type === 'success' &&
        !action.manual &&
        navigator.onLine !== false
      )
        setLost(false);
    });
  }, [queryClient]);
  useEffect(() => {
    const offline = () => setLost(true);
    // Back online: the screen's data is read again; its success hides the
    // banner.
    const online = () =>
      void queryClient.refetchQueries({ type: 'active' }).catch(() => {});
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [queryClient]);
  if (!lost) return null;
  return (
    <p
      role="status"
      data-testid="connection-banner"
      className="sticky top-0 z-50 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-900 shadow-sm"
    >
      Can't reach Peega: what you see was loaded earlier and may be out of date.
      It updates once the connection is back.
    </p>
  );
}
