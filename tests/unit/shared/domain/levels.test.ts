import { describe, expect, it } from 'vitest';
import {
  LEVEL_THRESHOLDS,
  MAX_LEVEL,
  MAX_LEVEL_TEXT,
  MIN_LEVEL,
  levelForPoints,
  levelProgress,
  levelProgressPercent,
  nextLevelThreshold,
  pointsToNextLevel,
} from '@shared/domain/levels.ts';
import { LEVEL_CASES } from './level-cases.ts';

describe('level table', () => {
  it('matches the spec table', () => {
    expect(LEVEL_THRESHOLDS).toEqual([
      { level: 0, minPoints: 0, maxPoints: 30 },
      { level: 1, minPoints: 31, maxPoints: 100 },
      { level: 2, minPoints: 101, maxPoints: 200 },
      { level: 3, minPoints: 201, maxPoints: 500 },
      { level: 4, minPoints: 501, maxPoints: 1000 },
      { level: 5, minPoints: 1001, maxPoints: 2000 },
    ]);
  });

  it('has contiguous ranges', () => {
    LEVEL_THRESHOLDS.slice(1).forEach((row, i) => {
      expect(row.minPoints).toBe((LEVEL_THRESHOLDS[i]?.maxPoints ?? NaN) + 1);
    });
  });

  it.each([
    ['MIN_LEVEL', MIN_LEVEL, 0],
    ['MAX_LEVEL', MAX_LEVEL, 5],
  ])('%s = %d', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('shows the max-level text', () => {
    expect(MAX_LEVEL_TEXT).toBe('Max Level Reached!');
  });
});

describe('levelForPoints', () => {
  it.each(LEVEL_CASES)('%d points → level %d', (points, level) => {
    expect(levelForPoints(points)).toBe(level);
  });

  it.each([
    [30.9, 0],
    [100.5, 1],
  ])('floors fractions: %d → %d', (points, level) => {
    expect(levelForPoints(points)).toBe(level);
  });
});

describe('next level', () => {
  it.each([
    // [points, next threshold, points to next]
    [-5, 31, 36],
    [0, 31, 31],
    [30, 31, 1],
    [31, 101, 70],
    [100, 101, 1],
    [101, 201, 100],
    [200, 201, 1],
    [201, 501, 300],
    [500, 501, 1],
    [501, 1001, 500],
    [1000, 1001, 1],
    [1001, null, null],
    [5000, null, null],
  ])('%d points → next at %j, %j to go', (points, next, toGo) => {
    expect(nextLevelThreshold(points)).toBe(next);
    expect(pointsToNextLevel(points)).toBe(toGo);
  });
});

describe('levelProgressPercent', () => {
  it.each([
    [-10, 0],
    [0, 0],
    [15, 48], // 15 / 31
    [30, 96], // 30 / 31, never 100 before the level
    [31, 0],
    [66, 50], // 35 / 70
    [100, 98], // 69 / 70
    [101, 0],
    [151, 50], // 50 / 100
    [351, 50], // 150 / 300
    [751, 50], // 250 / 500
    [1000, 99],
    [1001, 100],
    [3000, 100],
  ])('%d points → %d%%', (points, percent) => {
    expect(levelProgressPercent(points)).toBe(percent);
  });
});

describe('levelProgress', () => {
  it.each([
    [
      45,
      {
        level: 1,
        points: 45,
        isMaxLevel: false,
        nextLevelAt: 101,
        pointsToNext: 56,
        percent: 20,
      },
    ],
    [
      1200,
      {
        level: 5,
        points: 1200,
        isMaxLevel: true,
        nextLevelAt: null,
        pointsToNext: null,
        percent: 100,
      },
    ],
  ])('%d points → %j', (points, expected) => {
    expect(levelProgress(points)).toEqual(expected);
  });
});
