import { unwrap, type Client, type Tables } from './client.ts';

export type UserStats = Tables<'user_stats'>;
export type UserBadge = Tables<'user_badges'>;
export type UserPoints = Tables<'user_points'>;

/** The user's XP, level and reputation, or null before the row exists. */
export async function getUserStats(
  client: Client,
  userId: string,
): Promise<UserStats | null> {
  return unwrap(
    await client
      .from('user_stats')
      .select('*')
      .eq('user_id', userId)
      .maybeSingle(),
  );
}

/** Badges the user has earned, newest first. */
export async function listUserBadges(
  client: Client,
  userId: string,
): Promise<UserBadge[]> {
  return unwrap(
    await client
      .from('user_badges')
      .select('*')
      .eq('user_id', userId)
      .order('earned_at', { ascending: false }),
  );
}

/**
 * The user's badges not yet celebrated (earned in the extension or while no
 * dashboard was open), oldest first.
 */
export async function listUncelebratedBadges(
  client: Client,
  userId: string,
): Promise<UserBadge[]> {
  return unwrap(
    await client
      .from('user_badges')
      .select('*')
      .eq('user_id', userId)
      .is('celebrated_at', null)
      .order('earned_at', { ascending: true }),
  );
}

/** Records that the user saw these badges' celebration (own badges only). */
export async function markBadgesCelebrated(
  client: Client,
  badgeKeys: string[],
): Promise<void> {
  unwrap(
    await client.rpc('mark_badges_celebrated', { p_badge_keys: badgeKeys }),
  );
}

/** The user's experience history, newest first. */
export async function listUserPoints(
  client: Client,
  userId: string,
): Promise<UserPoints[]> {
  return unwrap(
    await client
      .from('user_points')
      .select('*')
      .eq('user_id', userId)
      .order('created_at', { ascending: false })
      .limit(200),
  );
}
