import { badgeByKey, type BadgeDefinition } from '../domain/badges.ts';
import { unwrap, type Client } from './client.ts';

/**
 * The badges a user earned at or after `since` (an ISO time from the
 * server, e.g. a new feedback's `created_at`: the badges its insert awarded
 * carry the same transaction time), oldest first, as the shared
 * definitions (names and emoji from shared/domain). Unknown keys are left out.
 */
export async function listBadgesEarnedSince(
  client: Client,
  userId: string,
  since: string,
): Promise<BadgeDefinition[]> {
  const rows = unwrap(
    await client
      .from('user_badges')
      .select('badge_key, earned_at')
      .eq('user_id', userId)
      .gte('earned_at', since)
      .order('earned_at', { ascending: true }),
  );
  return rows.flatMap((row) => badgeByKey(row.badge_key) ?? []);
}
