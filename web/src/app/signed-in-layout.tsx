import { useCallback, useState, type ReactNode } from 'react';
import { Redirect, useLocation, useSearch } from 'wouter';
import type { UserBadge } from '@shared/data/stats';
import { signInHref } from '@shared/domain/return-path';
import { useSession } from '@web/api/auth/use-session';
import { useBadgesRealtime } from '@web/api/stats/use-badges-realtime';
import { BadgeDialog } from '@web/components/ui/badge-dialog';
import { PageSpinner } from '@web/components/ui/spinner';

function BadgeListener({ userId }: { userId: string }) {
  const [queue, setQueue] = useState<UserBadge[]>([]);
  const onBadge = useCallback(
    (badge: UserBadge) => setQueue((q) => [...q, badge]),
    [],
  );
  useBadgesRealtime(userId, onBadge);
  const current = queue[0];
  return (
    <BadgeDialog
      badge={
        current
          ? { name: current.badge_name, emoji: current.badge_emoji }
          : null
      }
      onClose={() => setQueue((q) => q.slice(1))}
    />
  );
}

/**
 * Layout of the consumer screens that need a session: signed-out visits go
 * to sign-in, which returns them here afterwards. It also listens for new badges on every such screen, so the
 * confetti dialog opens even when the badge arrives mid-navigation (e.g.
 * First Shot right after submitting).
 */
export function SignedInLayout({ children }: { children: ReactNode }) {
  const state = useSession();
  const [location] = useLocation();
  const search = useSearch();
  if (state.status === 'loading') return <PageSpinner />;
  if (state.status === 'signed-out') {
    const here = search ? `${location}?${search}` : location;
    return <Redirect to={signInHref(here)} replace />;
  }
  return (
    <>
      {children}
      <BadgeListener userId={state.session.user.id} />
    </>
  );
}
