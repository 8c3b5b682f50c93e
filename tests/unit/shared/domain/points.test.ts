import { describe, expect, it } from 'vitest';
import {
  sentTodayFromStats,
  AUDIO_BONUS_POINTS,
  DAILY_FEEDBACK_XP_CAP,
  FEEDBACK_BASE_POINTS,
  FEEDBACK_COMPLETED_POINTS,
  FIRST_FEEDBACK_BONUS_POINTS,
  FIXED_ACTION_POINTS,
  LINKEDIN_VERIFIED_POINTS,
  MAX_FEEDBACK_POINTS,
  POINT_ACTION_TYPES,
  PROFILE_COMPLETED_POINTS,
  REFERRAL_POINTS,
  SCREENSHOT_BONUS_POINTS,
  actionTypeLabel,
  feedbackAwards,
  feedbackPoints,
  feedbackPointsPreview,
  formatXp,
  isWithinDailyXpCap,
  spamReversal,
  totalAwardedPoints,
} from '@shared/domain/points.ts';

describe('point constants', () => {
  it.each([
    ['FEEDBACK_BASE_POINTS', FEEDBACK_BASE_POINTS, 5],
    ['SCREENSHOT_BONUS_POINTS', SCREENSHOT_BONUS_POINTS, 1],
    ['AUDIO_BONUS_POINTS', AUDIO_BONUS_POINTS, 1],
    ['MAX_FEEDBACK_POINTS', MAX_FEEDBACK_POINTS, 7],
    ['FIRST_FEEDBACK_BONUS_POINTS', FIRST_FEEDBACK_BONUS_POINTS, 10],
    ['PROFILE_COMPLETED_POINTS', PROFILE_COMPLETED_POINTS, 30],
    ['LINKEDIN_VERIFIED_POINTS', LINKEDIN_VERIFIED_POINTS, 30],
    ['REFERRAL_POINTS', REFERRAL_POINTS, 30],
    ['FEEDBACK_COMPLETED_POINTS', FEEDBACK_COMPLETED_POINTS, 10],
    ['DAILY_FEEDBACK_XP_CAP', DAILY_FEEDBACK_XP_CAP, 20],
  ])('%s = %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('lists every action type', () => {
    expect(POINT_ACTION_TYPES).toEqual([
      'feedback_submitted',
      'first_feedback',
      'profile_completed',
      'linkedin_verified',
      'referral_bonus',
      'referral_completed',
      'feedback_completed',
      'spam_reversal',
      'question_answered',
    ]);
  });

  it('gives the fixed amount of each one-off action', () => {
    expect(FIXED_ACTION_POINTS).toEqual({
      first_feedback: 10,
      profile_completed: 30,
      linkedin_verified: 30,
      referral_bonus: 30,
      referral_completed: 30,
      feedback_completed: 10,
      question_answered: 3,
    });
  });
});

describe('feedbackPoints', () => {
  it.each([
    [false, false, 5],
    [true, false, 6],
    [false, true, 6],
    [true, true, 7],
  ])('screenshot %s, audio %s → %d', (hasScreenshot, hasAudio, expected) => {
    expect(feedbackPoints({ hasScreenshot, hasAudio })).toBe(expected);
  });
});

describe('daily XP cap', () => {
  it.each([
    [0, true],
    [19, true],
    [20, false],
    [21, false],
    [100, false],
  ])('%d earlier today → earns XP: %s', (before, expected) => {
    expect(isWithinDailyXpCap(before)).toBe(expected);
  });
});

describe('feedbackAwards', () => {
  it.each([
    // [screenshot, audio, first, before today, awards]
    [false, false, false, 0, [['feedback_submitted', 5]]],
    [true, true, false, 3, [['feedback_submitted', 7]]],
    [
      true,
      false,
      true,
      0,
      [
        ['feedback_submitted', 6],
        ['first_feedback', 10],
      ],
    ],
    [false, false, false, 19, [['feedback_submitted', 5]]],
    [true, true, false, 20, []],
    [false, false, true, 20, []],
    [true, true, false, 35, []],
  ] as const)(
    'screenshot %s, audio %s, first %s, %d before → %j',
    (
      hasScreenshot,
      hasAudio,
      isFirstFeedback,
      submittedTodayBefore,
      awards,
    ) => {
      const result = feedbackAwards({
        hasScreenshot,
        hasAudio,
        isFirstFeedback,
        submittedTodayBefore,
      });
      expect(result.map((a) => [a.actionType, a.points])).toEqual(awards);
    },
  );

  it.each([
    [false, false, false, 0, 5],
    [true, true, false, 0, 7],
    [false, false, true, 0, 15],
    [true, true, true, 0, 17],
    [true, true, false, 20, 0],
  ])(
    'preview: screenshot %s, audio %s, first %s, %d before → %d',
    (
      hasScreenshot,
      hasAudio,
      isFirstFeedback,
      submittedTodayBefore,
      points,
    ) => {
      expect(
        feedbackPointsPreview({
          hasScreenshot,
          hasAudio,
          isFirstFeedback,
          submittedTodayBefore,
        }),
      ).toBe(points);
    },
  );
});

describe('totals, reversal, referral', () => {
  it.each([
    [[], 0],
    [[5], 5],
    [[6, 10], 16],
    [[30, -7], 23],
  ])('total of %j → %d', (points, expected) => {
    const awards = points.map((p) => ({
      actionType: 'feedback_submitted' as const,
      points: p,
    }));
    expect(totalAwardedPoints(awards)).toBe(expected);
  });

  it.each([
    [5, { actionType: 'spam_reversal', points: -5 }],
    [17, { actionType: 'spam_reversal', points: -17 }],
    [0, null],
    [-3, null],
  ])('spamReversal(%d) → %j', (earned, expected) => {
    expect(spamReversal(earned)).toEqual(expected);
  });
});

describe('labels', () => {
  it.each([
    ['feedback_submitted', 'feedback submitted'],
    ['first_feedback', 'first feedback'],
    ['profile_completed', 'profile completed'],
    ['spam_reversal', 'spam reversal'],
    ['linkedin_verified', 'LinkedIn verified'],
    ['some_new_action_type', 'some new action type'],
    ['plain', 'plain'],
  ])('actionTypeLabel(%s) → %j', (type, label) => {
    expect(actionTypeLabel(type)).toBe(label);
  });

  it.each([
    [30, '+30 XP'],
    [5, '+5 XP'],
    [0, '0 XP'],
    [-7, '-7 XP'],
  ])('formatXp(%d) → %j', (points, text) => {
    expect(formatXp(points)).toBe(text);
  });
});

describe('sentTodayFromStats', () => {
  it.each([
    [{ day_feedback_date: '2026-11-25', day_feedback_count: 20 }, 20],
    [{ day_feedback_date: '2026-11-24', day_feedback_count: 20 }, 0],
    [{ day_feedback_date: null, day_feedback_count: 0 }, 0],
    [null, 0],
  ])('%o on 2026-11-25 → %i', (stats, sent) => {
    expect(sentTodayFromStats(stats, '2026-11-25')).toBe(sent);
  });
});
