import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import type { UserBadge } from '@shared/data/stats';
import {
  fetchUncelebratedBadges,
  markCelebrated,
} from '@web/api/stats/badge-celebrations';
import { useBadgesRealtime } from '@web/api/stats/use-badges-realtime';

// Loaded only when there is something to celebrate: the dashboard's first
// paint does not wait for the dialog and its confetti.
const BadgeDialog = lazy(() =>
  import('@web/components/ui/badge-dialog').then((m) => ({
    default: m.BadgeDialog,
  })),
);

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
  if (!current) return null;
  return (
    <Suspense fallback={null}>
      <BadgeDialog
        badge={{ name: current.badge_name, emoji: current.badge_emoji }}
        onClose={() => {
          shown.add(`${userId}:${current.badge_key}`);
          void markCelebrated(current.badge_key);
          setQueue((q) => q.slice(1));
        }}
      />
    </Suspense>
  );
}
