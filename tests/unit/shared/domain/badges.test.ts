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
  computeStreaks,
  earnedBadgeKeys,
  isBadgeKey,
  newlyEarnedBadgeKeys,
} from '@shared/domain/badges.ts';
import type { BadgeCounters } from '@shared/domain/badges.ts';

const ZERO: BadgeCounters = {
  feedbackCount: 0,
  longestStreakDays: 0,
  votesCast: 0,
  upvotesReceived: 0,
  bugReports: 0,
  featureRequests: 0,
  screenshotCount: 0,
  totalPoints: 0,
};

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

describe('earnedBadgeKeys', () => {
  it.each<[string, Partial<BadgeCounters>, string[]]>([
    ['nothing', {}, []],
    ['first feedback', { feedbackCount: 1 }, ['first_shot']],
    ['9 feedback', { feedbackCount: 9 }, ['first_shot']],
    ['10 feedback', { feedbackCount: 10 }, ['first_shot', 'chatterbox']],
    ['2-day streak', { longestStreakDays: 2 }, []],
    ['3-day streak', { longestStreakDays: 3 }, ['feedback_streak_3']],
    ['6-day streak', { longestStreakDays: 6 }, ['feedback_streak_3']],
    [
      '7-day streak',
      { longestStreakDays: 7 },
      ['feedback_streak_3', 'feedback_streak_7'],
    ],
    ['9 votes', { votesCast: 9 }, []],
    ['10 votes', { votesCast: 10 }, ['helpful_voter']],
    ['4 upvotes', { upvotesReceived: 4 }, []],
    ['5 upvotes', { upvotesReceived: 5 }, ['quality_contributor']],
    ['4 bugs', { bugReports: 4 }, []],
    ['5 bugs', { bugReports: 5 }, ['bug_hunter']],
    ['4 features', { featureRequests: 4 }, []],
    ['5 features', { featureRequests: 5 }, ['feature_requester']],
    ['9 screenshots', { screenshotCount: 9 }, []],
    ['10 screenshots', { screenshotCount: 10 }, ['snapshot_pro']],
    ['999 points', { totalPoints: 999 }, []],
    ['1000 points', { totalPoints: 1000 }, ['peega_legend']],
    [
      'everything',
      {
        feedbackCount: 50,
        longestStreakDays: 30,
        votesCast: 10,
        upvotesReceived: 5,
        bugReports: 5,
        featureRequests: 5,
        screenshotCount: 10,
        totalPoints: 5000,
      },
      [...BADGE_KEYS],
    ],
  ])('%s → %j', (_label, counters, expected) => {
    expect(earnedBadgeKeys({ ...ZERO, ...counters })).toEqual(expected);
  });

  it.each<[Partial<BadgeCounters>, string[], string[]]>([
    [{ feedbackCount: 10 }, [], ['first_shot', 'chatterbox']],
    [{ feedbackCount: 10 }, ['first_shot'], ['chatterbox']],
    [{ feedbackCount: 10 }, ['first_shot', 'chatterbox'], []],
    [{ feedbackCount: 0 }, ['first_shot'], []],
  ])('newly earned from %j holding %j → %j', (counters, held, expected) => {
    expect(newlyEarnedBadgeKeys({ ...ZERO, ...counters }, held)).toEqual(
      expected,
    );
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

describe('computeStreaks', () => {
  const NOW = new Date('2025-03-10T12:00:00Z');

  it.each<[string, (Date | string)[], number, number]>([
    ['no submissions', [], 0, 0],
    ['only today', ['2025-03-10T08:00:00Z'], 1, 1],
    ['only yesterday: still alive', ['2025-03-09T23:59:59Z'], 1, 1],
    ['two days ago: broken', ['2025-03-08T10:00:00Z'], 0, 1],
    [
      'three days ending today',
      ['2025-03-08T01:00:00Z', '2025-03-09T01:00:00Z', '2025-03-10T01:00:00Z'],
      3,
      3,
    ],
    [
      'three days ending yesterday',
      ['2025-03-07T22:00:00Z', '2025-03-08T01:00:00Z', '2025-03-09T01:00:00Z'],
      3,
      3,
    ],
    [
      'many on the same day count once',
      ['2025-03-10T00:00:00Z', '2025-03-10T10:00:00Z', '2025-03-10T11:59:00Z'],
      1,
      1,
    ],
    [
      'gap resets the current run, longest kept',
      [
        '2025-03-01T10:00:00Z',
        '2025-03-02T10:00:00Z',
        '2025-03-03T10:00:00Z',
        '2025-03-04T10:00:00Z',
        '2025-03-09T10:00:00Z',
        '2025-03-10T10:00:00Z',
      ],
      2,
      4,
    ],
    [
      'unordered input',
      ['2025-03-10T10:00:00Z', '2025-03-08T10:00:00Z', '2025-03-09T10:00:00Z'],
      3,
      3,
    ],
    [
      'UTC days, not local: 23:30Z and 00:30Z are two days',
      ['2025-03-09T23:30:00Z', '2025-03-10T00:30:00Z'],
      2,
      2,
    ],
    [
      'offset timestamps are read in UTC',
      ['2025-03-09T22:30:00-05:00', '2025-03-10T01:00:00Z'],
      1,
      1,
    ],
    [
      'seven consecutive days',
      [
        '2025-03-04T10:00:00Z',
        '2025-03-05T10:00:00Z',
        '2025-03-06T10:00:00Z',
        '2025-03-07T10:00:00Z',
        '2025-03-08T10:00:00Z',
        '2025-03-09T10:00:00Z',
        '2025-03-10T10:00:00Z',
      ],
      7,
      7,
    ],
    [
      'across a month end',
      ['2025-02-27T10:00:00Z', '2025-02-28T10:00:00Z', '2025-03-01T10:00:00Z'],
      0,
      3,
    ],
    ['future days are ignored', ['2025-03-11T10:00:00Z'], 0, 0],
    ['later today still counts', ['2025-03-10T23:00:00Z'], 1, 1],
    ['invalid dates are ignored', ['not a date', '2025-03-10T10:00:00Z'], 1, 1],
    [
      'Date objects work too',
      [new Date('2025-03-09T10:00:00Z'), new Date('2025-03-10T10:00:00Z')],
      2,
      2,
    ],
  ])('%s → current %d, longest %d', (_label, timestamps, current, longest) => {
    expect(computeStreaks(timestamps, NOW)).toEqual({ current, longest });
  });
});
