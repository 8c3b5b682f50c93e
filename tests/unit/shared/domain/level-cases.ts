/**
 * The level case table: total points → level. Used by the unit test of
 * `shared/domain/levels.ts` and, unchanged, by the SQL parity test so the
 * TypeScript and SQL level functions cannot drift.
 */
export const LEVEL_CASES: readonly (readonly [
  points: number,
  level: number,
])[] = [
  [-50, 0],
  [-1, 0],
  [0, 0],
  [1, 0],
  [30, 0],
  [31, 1],
  [32, 1],
  [100, 1],
  [101, 2],
  [200, 2],
  [201, 3],
  [500, 3],
  [501, 4],
  [999, 4],
  [1000, 4],
  [1001, 5],
  [2000, 5],
  [2001, 5],
  [1_000_000, 5],
];
