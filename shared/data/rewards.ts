import { unwrap, type Client, type RpcRows, type Tables } from './client.ts';

export type Reward = Tables<'rewards'>;
export type RewardClaim = Tables<'reward_claims'>;
export type ClaimedReward = RpcRows<'claim_reward'>[number];

/** Sort orders of the catalogue (spec §2 "Rewards"). */
export type RewardSort = 'popular' | 'recent';

/** The active rewards, most popular or newest first. */
export async function listRewards(
  client: Client,
  sort: RewardSort,
): Promise<Reward[]> {
  return unwrap(
    await client
      .from('rewards')
      .select('*')
      .order(sort === 'popular' ? 'popularity_score' : 'created_at', {
        ascending: false,
      })
      .order('id'),
  );
}

/** The caller's claims (with their codes), newest first. */
export async function listMyRewardClaims(
  client: Client,
  userId: string,
): Promise<RewardClaim[]> {
  return unwrap(
    await client
      .from('reward_claims')
      .select('*')
      .eq('user_id', userId)
      .order('created_at', { ascending: false }),
  );
}

/**
 * Claims an unlocked reward; the server checks the level and answers the
 * unique reward code (the same one when claimed again).
 */
export async function claimReward(
  client: Client,
  rewardId: string,
): Promise<ClaimedReward> {
  const rows = unwrap(
    await client.rpc('claim_reward', { p_reward_id: rewardId }),
  );
  const claim = rows[0];
  if (!claim) throw new Error('The reward could not be claimed.');
  return claim;
}
