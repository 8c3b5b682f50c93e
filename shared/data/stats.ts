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
