import { useCallback, useEffect, useState } from 'react';
import type { UserBadge } from '@shared/data/stats';
import {
  fetchUncelebratedBadges,
  markCelebrated,
} from '@web/api/stats/badge-celebrations';
import { useBadgesRealtime } from '@web/api/stats/use-badges-realtime';
import { BadgeDialog } from '@web/components/ui/badge-dialog';

/** `user:badge` celebrated in this tab: never twice, even across screens. */
const shown = new Set<string>();

/**
 * Celebrates each badge once: those earned while this page is open (live)
 * and, on arrival, those earned elsewhere since the last visit (the
 * extension, another device). Closing the dialog records it server-side.
 */
export function BadgeCelebrations({ userId }: { userId: string }) {
  const [queue, setQueue] = useState<UserBadge[]>([]);
  const add = useCallback(
    (badges: UserBadge[]) =>
      setQueue((q) => {
        const queued = new Set(q.map((b) => b.badge_key));
        const fresh = badges.filter(
          (b) =>
            !shown.has(`${userId}:${b.badge_key}`) && !queued.has(b.badge_key),
        );
        return fresh.length ? [...q, ...fresh] : q;
      }),
    [userId],
  );
  const onBadge = useCallback((badge: UserBadge) => add([badge]), [add]);
  useBadgesRealtime(userId, onBadge);

  useEffect(() => {
    let live = true;
    fetchUncelebratedBadges(userId)
      .then((badges) => live && add(badges))
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [userId, add]);

  const current = queue[0];
  return (
    <BadgeDialog
      badge={
        current
          ? { name: current.badge_name, emoji: current.badge_emoji }
          : null
      }
      onClose={() => {
        if (current) {
          shown.add(`${userId}:${current.badge_key}`);
          void markCelebrated(current.badge_key);
        }
        setQueue((q) => q.slice(1));
      }}
    />
  );
}
