import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { trackEvent } from '@shared/data/analytics';
import type { UserBadge } from '@shared/data/stats';
import { subscribeToMyBadges } from '@shared/data/realtime';
import { statsKeys } from '@web/api/stats/keys';
import { getSupabase } from '@web/lib/supabase';

/** Calls `onBadge` for each badge the user earns while the page is open. */
export function useBadgesRealtime(
  userId: string,
  onBadge: (badge: UserBadge) => void,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    const client = getSupabase();
    return subscribeToMyBadges(client, userId, (payload) => {
      const badge = payload.new;
      if (!('badge_key' in badge)) return;
      onBadge(badge);
      void trackEvent(client, {
        name: 'badge_earned',
        properties: { badge_name: badge.badge_name },
      });
      void queryClient.invalidateQueries({ queryKey: statsKeys.user(userId) });
    });
  }, [queryClient, userId, onBadge]);
}
