import {
  listUncelebratedBadges,
  markBadgesCelebrated,
  type UserBadge,
} from '@shared/data/stats';
import { getSupabase } from '@web/lib/supabase';

/** Badges earned while away (extension, other tab), not yet celebrated. */
export function fetchUncelebratedBadges(userId: string): Promise<UserBadge[]> {
  return listUncelebratedBadges(getSupabase(), userId);
}

/** Records the celebration; best effort (worst case it is shown again). */
export function markCelebrated(badgeKey: string): Promise<void> {
  return markBadgesCelebrated(getSupabase(), [badgeKey]).catch(() => {});
}
