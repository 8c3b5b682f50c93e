/**
 * Levels 0 to 5 by total points (consumer spec §4 "Levels by total points",
 * §9 "Levels"). The SQL function that stores `user_stats.current_level`
 * mirrors {@link LEVEL_THRESHOLDS}; a parity test runs the same case table
 * against both.
 */

/** One row of the level table: a level and its inclusive points range. */
export interface LevelThreshold {
  readonly level: number;
  /** Lowest total points of the level (inclusive). */
  readonly minPoints: number;
  /**
   * Highest total points of the level as the spec's table shows it
   * (inclusive). The last level has no real ceiling: 2001+ points stay at
   * level 5.
   */
  readonly maxPoints: number;
}

/**
 * The spec's level table: 0 → 0–30, 1 → 31–100, 2 → 101–200, 3 → 201–500,
 * 4 → 501–1000, 5 → 1001–2000 (and above).
 */
export const LEVEL_THRESHOLDS: readonly LevelThreshold[] = [
  { level: 0, minPoints: 0, maxPoints: 30 },
  { level: 1, minPoints: 31, maxPoints: 100 },
  { level: 2, minPoints: 101, maxPoints: 200 },
  { level: 3, minPoints: 201, maxPoints: 500 },
  { level: 4, minPoints: 501, maxPoints: 1000 },
  { level: 5, minPoints: 1001, maxPoints: 2000 },
];

/** Lowest level. */
export const MIN_LEVEL = 0;

/** Highest level (spec §9: "Maximum level 5"). */
export const MAX_LEVEL = 5;

/** Text shown instead of the progress bar at level 5. */
export const MAX_LEVEL_TEXT = 'Max Level Reached!';

/**
 * Level for a total of points: the highest level whose `minPoints` is at
 * most `points`. Negative totals (possible after a spam reversal) are level
 * 0; more than 2000 points stay level 5. Fractions are floored first.
 */
export function levelForPoints(points: number): number {
  const whole = Math.floor(points);
  let level = MIN_LEVEL;
  for (const row of LEVEL_THRESHOLDS) {
    if (whole >= row.minPoints) level = row.level;
  }
  return level;
}

/** Threshold row of a level (levels outside 0–5 are clamped). */
function thresholdOf(level: number): LevelThreshold {
  const clamped = Math.min(Math.max(Math.floor(level), MIN_LEVEL), MAX_LEVEL);
  const row = LEVEL_THRESHOLDS[clamped];
  if (row === undefined) throw new Error(`No threshold for level ${level}`);
  return row;
}

/**
 * Points at which the next level starts (31, 101, 201, 501 or 1001), or
 * null at level 5.
 */
export function nextLevelThreshold(points: number): number | null {
  const level = levelForPoints(points);
  return level >= MAX_LEVEL ? null : thresholdOf(level + 1).minPoints;
}

/**
 * Points still needed to reach the next level (at least 1), or null at
 * level 5. Negative totals count from 0 points' distance, e.g. -5 → 36.
 */
export function pointsToNextLevel(points: number): number | null {
  const next = nextLevelThreshold(points);
  return next === null ? null : next - Math.floor(points);
}

/**
 * Progress through the current level as a whole percent 0–99, rounded down
 * so the bar never shows 100 before the level is reached: the share of the
 * range from the level's first point to the next threshold, e.g. 15 points →
 * 15/31 → 48. Negative totals give 0. At level 5 it is 100 (the UI shows
 * {@link MAX_LEVEL_TEXT} instead of a bar).
 */
export function levelProgressPercent(points: number): number {
  const level = levelForPoints(points);
  if (level >= MAX_LEVEL) return 100;
  const start = thresholdOf(level).minPoints;
  const end = thresholdOf(level + 1).minPoints;
  const done = Math.max(Math.floor(points) - start, 0);
  return Math.floor((done * 100) / (end - start));
}

/** Everything the Experience card shows for a total of points. */
export interface LevelProgress {
  readonly level: number;
  readonly points: number;
  /** True at level 5: show {@link MAX_LEVEL_TEXT}, no bar. */
  readonly isMaxLevel: boolean;
  readonly nextLevelAt: number | null;
  readonly pointsToNext: number | null;
  readonly percent: number;
}

/** Level, next threshold, points to go and percent for a total of points. */
export function levelProgress(points: number): LevelProgress {
  const level = levelForPoints(points);
  return {
    level,
    points,
    isMaxLevel: level >= MAX_LEVEL,
    nextLevelAt: nextLevelThreshold(points),
    pointsToNext: pointsToNextLevel(points),
    percent: levelProgressPercent(points),
  };
}
