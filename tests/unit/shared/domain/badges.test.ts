import { describe, expect, it } from 'vitest';
import {
  BADGES,
  BADGE_DIALOG_BUTTON,
  BADGE_DIALOG_TITLE,
  BADGE_EARNED_TAG,
  BADGE_KEYS,
  BADGE_NOT_EARNED_TAG,
  TOTAL_BADGES,
  badgeByKey,
  badgeCountText,
  badgeEarnedText,
  isBadgeKey,
} from '@shared/domain/badges.ts';

describe('badge definitions', () => {
  it('has exactly 10 badges', () => {
    expect(TOTAL_BADGES).toBe(10);
    expect(BADGES).toHaveLength(10);
    expect(BADGES.map((badge) => badge.key)).toEqual([...BADGE_KEYS]);
  });

  it.each([
    [
      'first_shot',
      'First Shot',
      'Submit first feedback',
      '🎯',
      'feedbackCount',
      1,
    ],
    [
      'feedback_streak_3',
      '3-Day Streak',
      'Feedback on 3 consecutive days',
      '🔥',
      'longestStreakDays',
      3,
    ],
    [
      'feedback_streak_7',
      'Week Warrior',
      '7 consecutive days',
      '⚔️',
      'longestStreakDays',
      7,
    ],
    [
      'helpful_voter',
      'Helpful Voter',
      'Vote on 10 feedback items',
      '👍',
      'votesCast',
      10,
    ],
    [
      'quality_contributor',
      'Quality Contributor',
      '5 upvotes on your feedback',
      '⭐',
      'upvotesReceived',
      5,
    ],
    ['bug_hunter', 'Bug Hunter', 'Report 5 bugs', '🐛', 'bugReports', 5],
    [
      'feature_requester',
      'Feature Requester',
      'Request 5 features',
      '💡',
      'featureRequests',
      5,
    ],
    [
      'chatterbox',
      'Chatterbox',
      'Submit 10 feedbacks',
      '💬',
      'feedbackCount',
      10,
    ],
    [
      'snapshot_pro',
      'Snapshot Pro',
      'Submit 10 screenshots',
      '📸',
      'screenshotCount',
      10,
    ],
    ['peega_legend', 'Legend', 'Reach 1000+ points', '👑', 'totalPoints', 1000],
  ])(
    '%s: %j, %j, %s, %s ≥ %d',
    (key, name, description, emoji, metric, threshold) => {
      expect(badgeByKey(key)).toEqual({
        key,
        name,
        description,
        emoji,
        metric,
        threshold,
      });
    },
  );

  it.each([
    ['first_shot', true],
    ['peega_legend', true],
    ['{product}_legend', false],
    ['legend', false],
    [null, false],
  ])('isBadgeKey(%j) → %s', (value, expected) => {
    expect(isBadgeKey(value)).toBe(expected);
  });

  it('returns undefined for an unknown key', () => {
    expect(badgeByKey('nope')).toBeUndefined();
  });
});

describe('badge texts', () => {
  it.each([
    [0, '0 of 10 badges earned'],
    [3, '3 of 10 badges earned'],
    [10, '10 of 10 badges earned'],
  ])('badgeCountText(%d) → %j', (earned, text) => {
    expect(badgeCountText(earned)).toBe(text);
  });

  it.each([
    ['First Shot', "You've earned the First Shot badge!"],
    ['Legend', "You've earned the Legend badge!"],
  ])('badgeEarnedText(%j) → %j', (name, text) => {
    expect(badgeEarnedText(name)).toBe(text);
  });

  it.each([
    ['BADGE_DIALOG_TITLE', BADGE_DIALOG_TITLE, 'Congratulations!'],
    ['BADGE_DIALOG_BUTTON', BADGE_DIALOG_BUTTON, 'Awesome!'],
    ['BADGE_EARNED_TAG', BADGE_EARNED_TAG, 'Earned!'],
    ['BADGE_NOT_EARNED_TAG', BADGE_NOT_EARNED_TAG, 'Not Earned'],
  ])('%s = %j', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});
