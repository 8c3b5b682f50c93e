import { describe, expect, it } from 'vitest';
import {
  DEFAULT_QUALITY_SCORE,
  DEFAULT_REPUTATION,
  MAX_QUALITY_SCORE,
  MAX_REPUTATION,
  MIN_QUALITY_SCORE,
  REPUTATION_QUALITY_WEIGHT,
  REPUTATION_VOTES_WEIGHT,
  REPUTATION_XP_CAP,
  REPUTATION_XP_WEIGHT,
  computeReputation,
  formatReputation,
  isQualityScore,
  qualityScoreLabel,
  roundToOneDecimal,
} from '@shared/domain/reputation.ts';
import type { ReputationInput } from '@shared/domain/reputation.ts';

describe('quality score', () => {
  it.each([
    ['MIN_QUALITY_SCORE', MIN_QUALITY_SCORE, 1],
    ['MAX_QUALITY_SCORE', MAX_QUALITY_SCORE, 5],
    ['DEFAULT_QUALITY_SCORE', DEFAULT_QUALITY_SCORE, 3],
  ])('%s = %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it.each([
    [1, 'Very Low Quality'],
    [2, 'Low Quality'],
    [3, 'Average Quality'],
    [4, 'Good Quality'],
    [5, 'Excellent Quality'],
    [0, 'Unknown'],
    [6, 'Unknown'],
    [2.5, 'Unknown'],
    [-1, 'Unknown'],
    [null, 'Unknown'],
    [undefined, 'Unknown'],
  ])('qualityScoreLabel(%j) → %j', (score, label) => {
    expect(qualityScoreLabel(score)).toBe(label);
  });

  it.each([
    [1, true],
    [5, true],
    [0, false],
    [3.5, false],
    ['3', false],
  ])('isQualityScore(%j) → %s', (value, expected) => {
    expect(isQualityScore(value)).toBe(expected);
  });
});

describe('reputation constants', () => {
  it.each([
    ['MAX_REPUTATION', MAX_REPUTATION, 5],
    ['DEFAULT_REPUTATION', DEFAULT_REPUTATION, 0],
    ['REPUTATION_QUALITY_WEIGHT', REPUTATION_QUALITY_WEIGHT, 0.5],
    ['REPUTATION_VOTES_WEIGHT', REPUTATION_VOTES_WEIGHT, 0.3],
    ['REPUTATION_XP_WEIGHT', REPUTATION_XP_WEIGHT, 0.2],
    ['REPUTATION_XP_CAP', REPUTATION_XP_CAP, 1000],
  ])('%s = %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('computeReputation', () => {
  const base: ReputationInput = {
    feedbackCount: 1,
    averageQualityScore: 3,
    upvotes: 0,
    downvotes: 0,
    xp: 0,
  };

  it.each<[string, Partial<ReputationInput>, number]>([
    ['no feedback', { feedbackCount: 0, averageQualityScore: 5, xp: 900 }, 0],
    // 5 × 0.5 × 3/5 = 1.5
    ['default quality only', {}, 1.5],
    // 5 × 0.5 × 1 = 2.5
    ['top quality only', { averageQualityScore: 5 }, 2.5],
    // 5 × 0.5 × 0.2 = 0.5
    ['lowest quality only', { averageQualityScore: 1 }, 0.5],
    // quality clamps to 1–5
    ['quality below range', { averageQualityScore: 0 }, 0.5],
    ['quality above range', { averageQualityScore: 9 }, 2.5],
    // + 5 × 0.3 × 1 = 1.5
    ['all upvotes', { upvotes: 4 }, 3],
    // + 5 × 0.3 × 0 = 0
    ['all downvotes', { downvotes: 4 }, 1.5],
    // + 5 × 0.3 × 0.5 = 0.75 → 2.25 → 2.3 (half up)
    ['half upvotes rounds half up', { upvotes: 2, downvotes: 2 }, 2.3],
    // + 5 × 0.2 × 0.5 = 0.5
    ['500 XP', { xp: 500 }, 2],
    // XP component is capped at 1000
    ['1000 XP', { xp: 1000 }, 2.5],
    ['5000 XP', { xp: 5000 }, 2.5],
    ['negative XP', { xp: -50 }, 1.5],
    // 2.5 + 1.5 + 1.0
    [
      'perfect',
      { averageQualityScore: 5, upvotes: 10, downvotes: 0, xp: 1000 },
      5,
    ],
    // 5 × (0.5×0.84 + 0.3×0.75 + 0.2×0.123) = 5 × 0.6696 = 3.348
    [
      'mixed',
      {
        feedbackCount: 7,
        averageQualityScore: 4.2,
        upvotes: 3,
        downvotes: 1,
        xp: 123,
      },
      3.3,
    ],
    // 5 × (0.5×0.6 + 0.3×(1/3) + 0.2×0.05) = 5 × 0.41 = 2.05 → 2.1
    ['float noise rounds half up', { upvotes: 1, downvotes: 2, xp: 50 }, 2.1],
  ])('%s → %d', (_label, input, expected) => {
    expect(computeReputation({ ...base, ...input })).toBe(expected);
  });

  it.each([
    [2.25, 2.3],
    [2.249, 2.2],
    [1.05, 1.1],
    [0, 0],
    [4.96, 5],
  ])('roundToOneDecimal(%d) → %d', (value, expected) => {
    expect(roundToOneDecimal(value)).toBe(expected);
  });

  it.each([
    [4, '4.0'],
    [3.3, '3.3'],
    [0, '0.0'],
    [null, '0.0'],
    [undefined, '0.0'],
  ])('formatReputation(%j) → %j', (value, text) => {
    expect(formatReputation(value)).toBe(text);
  });
});
