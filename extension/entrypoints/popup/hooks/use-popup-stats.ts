import { useEffect, useState } from 'react';
import type { Client } from '@shared/data/client';
import { getUserStats } from '@shared/data/stats';
import { statsCacheItem, type CachedStats } from '@ext/lib/storage';

/** Fetches the user's stats and remembers them for the next popup. */
export async function refreshStats(
  client: Client,
  userId: string,
): Promise<CachedStats> {
  const row = await getUserStats(client, userId);
  const stats: CachedStats = {
    userId,
    feedback_count: row?.feedback_count ?? 0,
    total_points: row?.total_points ?? 0,
    day_feedback_date: row?.day_feedback_date ?? null,
    day_feedback_count: row?.day_feedback_count ?? 0,
  };
  await statsCacheItem.setValue(stats);
  return stats;
}

/**
 * The user's stats for the points preview: the cached ones at once, the
 * server's once supabase-js is there, and any later refresh (after a
 * submit) through the cache in extension storage.
 */
export function usePopupStats(
  client: Client | null,
  userId: string,
  cached: CachedStats | null,
): CachedStats | null {
  const [stats, setStats] = useState(cached?.userId === userId ? cached : null);
  useEffect(
    () =>
      statsCacheItem.watch((next) => {
        if (next?.userId === userId) setStats(next);
      }),
    [userId],
  );
  useEffect(() => {
    if (!client) return;
    refreshStats(client, userId).catch(() => undefined);
  }, [client, userId]);
  return stats;
}
