/**
 * Reward gating by level (consumer spec §2 "Rewards", §4 "Reward").
 */

/**
 * True when a reward is unlocked: the user's level is at least the reward's
 * `access_level`. An unknown user level counts as 0; a missing access level
 * counts as 0 (open to everyone).
 */
export function isRewardUnlocked(
  userLevel: number | null | undefined,
  accessLevel: number | null | undefined,
): boolean {
  return (userLevel ?? 0) >= (accessLevel ?? 0);
}

/** Overlay text of a locked reward: `'Available at level {n}'`. */
export function rewardLockedText(accessLevel: number): string {
  return `Available at level ${accessLevel}`;
}

/** Claim instructions shown in the reward dialog. */
export const REWARD_HOW_TO_CLAIM =
  'How to claim: Contact our support team with your reward code to claim this reward.';
