import { describe, expect, it } from 'vitest';
import {
  REWARD_HOW_TO_CLAIM,
  isRewardUnlocked,
  rewardLockedText,
} from '@shared/domain/rewards.ts';

describe('rewards', () => {
  it.each([
    [0, 0, true],
    [2, 1, true],
    [3, 3, true],
    [2, 3, false],
    [null, 0, true],
    [null, 1, false],
    [undefined, 1, false],
    [5, null, true],
    [0, undefined, true],
  ])('level %j, access level %j → unlocked %s', (level, access, expected) => {
    expect(isRewardUnlocked(level, access)).toBe(expected);
  });

  it.each([
    [1, 'Available at level 1'],
    [5, 'Available at level 5'],
  ])('rewardLockedText(%d) → %j', (level, text) => {
    expect(rewardLockedText(level)).toBe(text);
  });

  it('has the claim text', () => {
    expect(REWARD_HOW_TO_CLAIM).toBe(
      'How to claim: Contact our support team with your reward code to claim this reward.',
    );
  });
});
